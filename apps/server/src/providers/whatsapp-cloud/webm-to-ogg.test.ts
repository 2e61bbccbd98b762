import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OGG_FLAG, oggCrc, oggPage, readOggPages } from './ogg';
import { opusPacketSamples, readWebmOpus, WebmRemuxError, webmOpusToOgg } from './webm-to-ogg';

/** Recorded by Chromium's MediaRecorder (audio/webm;codecs=opus, 1.5 s of a 440 Hz tone, stereo). */
const FIXTURE = readFileSync(fileURLToPath(new URL('./fixtures/voice-note.webm', import.meta.url)));

// --- a tiny EBML writer for hand-built files -------------------------------------------------

function idBytes(id: number): Buffer {
  const bytes: number[] = [];
  for (let v = id; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from(bytes);
}

function sizeBytes(size: number | 'unknown'): Buffer {
  if (size === 'unknown') return Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  if (size < 0x7f) return Buffer.from([0x80 | size]);
  if (size < 0x3fff) return Buffer.from([0x40 | (size >> 8), size & 0xff]);
  const b = Buffer.alloc(4);
  b.writeUInt32BE(0x10000000 | size);
  return b;
}

function el(id: number, ...children: Array<Buffer | number | string>): Buffer {
  const body = Buffer.concat(
    children.map((c) =>
      typeof c === 'number' ? Buffer.from([c]) : typeof c === 'string' ? Buffer.from(c, 'latin1') : c,
    ),
  );
  return Buffer.concat([idBytes(id), sizeBytes(body.byteLength), body]);
}

function unknownSize(id: number, ...children: Buffer[]): Buffer {
  return Buffer.concat([idBytes(id), sizeBytes('unknown'), ...children]);
}

/** An Opus packet: TOC config 31 (CELT 20 ms, 960 samples), one frame, filled with `fill`. */
const packet = (fill: number, size = 40) =>
  Buffer.concat([Buffer.from([0xf8]), Buffer.alloc(size - 1, fill)]);

function simpleBlock(track: number, timecode: number, payload: Buffer, flags = 0x80): Buffer {
  const head = Buffer.from([0x80 | track, (timecode >> 8) & 0xff, timecode & 0xff, flags]);
  return el(0xa3, head, payload);
}

function handBuilt(options: { codecPrivate?: boolean; blocks: Buffer[]; extraTrack?: boolean }): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head.writeUInt8(1, 8);
  head.writeUInt8(1, 9);
  head.writeUInt16LE(312, 10);
  head.writeUInt32LE(48_000, 12);
  const opusTrack = el(
    0xae,
    el(0xd7, 2),
    el(0x83, 2),
    el(0x86, 'A_OPUS'),
    ...(options.codecPrivate === false
      ? [el(0x56aa, Buffer.from([0x00, 0x63, 0x2e, 0xa0]))]
      : [el(0x63a2, head)]),
    el(0xe1, el(0x9f, 1)),
  );
  const videoTrack = el(0xae, el(0xd7, 1), el(0x83, 1), el(0x86, 'V_VP8'));
  return Buffer.concat([
    el(0x1a45dfa3, el(0x4282, 'webm')),
    unknownSize(
      0x18538067,
      el(0x1549a966, el(0x2ad7b1, Buffer.from([0x0f, 0x42, 0x40]))),
      el(0x1654ae6b, ...(options.extraTrack ? [videoTrack] : []), opusTrack),
      el(0xec, Buffer.alloc(5)),
      unknownSize(0x1f43b675, el(0xe7, 0), ...options.blocks),
    ),
  ]);
}

// --- tests ---------------------------------------------------------------------------------------

describe('Ogg CRC and pages', () => {
  it("uses Ogg's CRC-32 (poly 0x04c11db7, init 0, no reflection): check value of '123456789'", () => {
    expect(oggCrc(Buffer.from('123456789'))).toBe(0x89a1897f);
  });

  it('writes a page that reads back with its flags, granule, serial, sequence and packets', () => {
    const big = Buffer.alloc(600, 7);
    const page = oggPage({
      packets: [Buffer.from('ab'), big],
      granule: 960n,
      serial: 99,
      sequence: 3,
      flags: 0,
    });
    const [read] = readOggPages(page);
    expect(read).toMatchObject({ flags: 0, granule: 960n, serial: 99, sequence: 3, crcValid: true });
    expect(read!.packets).toEqual([Buffer.from('ab'), big]);
    // Lacing of a 600-byte packet: 255, 255, 90.
    expect([...page.subarray(26, 30)]).toEqual([4, 2, 255, 255]);
    page[40] ^= 0xff;
    expect(readOggPages(page)[0]!.crcValid).toBe(false);
  });
});

describe('opusPacketSamples (TOC byte)', () => {
  it('counts frame sizes and frame counts at 48 kHz', () => {
    expect(opusPacketSamples(Buffer.from([0xf8]))).toBe(960); // CELT 20 ms, 1 frame
    expect(opusPacketSamples(Buffer.from([0xfc]))).toBe(960); // CELT 20 ms stereo, 1 frame
    expect(opusPacketSamples(Buffer.from([0xf9]))).toBe(1920); // code 1: 2 frames
    expect(opusPacketSamples(Buffer.from([0xfb, 0x03]))).toBe(2880); // code 3: 3 frames
    expect(opusPacketSamples(Buffer.from([0x18]))).toBe(2880); // SILK NB 60 ms
    expect(opusPacketSamples(Buffer.from([0x80]))).toBe(120); // CELT 2.5 ms
    expect(opusPacketSamples(Buffer.from([0x60]))).toBe(480); // hybrid 10 ms
  });
});

describe('webmOpusToOgg with a Chromium MediaRecorder recording', () => {
  const ogg = webmOpusToOgg(FIXTURE, 1234);
  const pages = readOggPages(ogg);
  const { head, packets } = readWebmOpus(FIXTURE);

  it('is an Ogg stream: OggS, every CRC valid, one serial, sequences in order, BOS first and EOS last', () => {
    expect(ogg.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.every((p) => p.crcValid)).toBe(true);
    expect(pages.every((p) => p.serial === 1234)).toBe(true);
    expect(pages.map((p) => p.sequence)).toEqual(pages.map((_, i) => i));
    expect(pages[0]!.flags).toBe(OGG_FLAG.first);
    expect(pages.at(-1)!.flags).toBe(OGG_FLAG.last);
    expect(pages.slice(1, -1).every((p) => p.flags === 0)).toBe(true);
  });

  it('carries the OpusHead (the CodecPrivate) then OpusTags, each alone on its page with granule 0', () => {
    expect(pages[0]!.packets).toEqual([head]);
    expect(head.toString('latin1', 0, 8)).toBe('OpusHead');
    expect(head[9]).toBe(2); // stereo, as recorded
    expect(pages[1]!.packets).toHaveLength(1);
    expect(pages[1]!.packets[0]!.toString('latin1', 0, 8)).toBe('OpusTags');
    expect([pages[0]!.granule, pages[1]!.granule]).toEqual([0n, 0n]);
  });

  it("copies every Opus packet unchanged, and granules count 48 kHz samples to the recording's 1.5 s", () => {
    const audio = pages.slice(2);
    expect(audio.flatMap((p) => p.packets)).toEqual(packets);
    let total = 0n;
    for (const page of audio) {
      total += BigInt(page.packets.reduce((n, p) => n + opusPacketSamples(p), 0));
      expect(page.granule).toBe(total);
    }
    const preSkip = head.readUInt16LE(10);
    expect(Number(total) - preSkip).toBe(72_000);
  });
});

describe('webmOpusToOgg with hand-built files', () => {
  it('reads Xiph, EBML and fixed lacing, BlockGroups, and skips other tracks', () => {
    const a = packet(1, 30);
    const b = packet(2, 300);
    const c = packet(3, 20);
    const d = packet(4, 25);
    const e = packet(5, 25);
    const xiph = Buffer.concat([Buffer.from([2, 30, 255, 45]), a, b, c]); // 3 frames: 30, 300, 20
    const ebml = Buffer.concat([Buffer.from([1, 0x80 | 25]), d, e]); // 2 frames: 25 and the rest
    const fixed = Buffer.concat([Buffer.from([1]), packet(6, 10), packet(7, 10)]);
    const file = handBuilt({
      extraTrack: true,
      blocks: [
        simpleBlock(1, 0, Buffer.from('video frame')),
        simpleBlock(2, 0, xiph, 0x80 | 0x02),
        el(0xa0, el(0xa1, Buffer.from([0x82, 0, 60, 0x06]), ebml)),
        simpleBlock(2, 100, fixed, 0x80 | 0x04),
      ],
    });
    const { packets } = readWebmOpus(file);
    expect(packets).toEqual([a, b, c, d, e, packet(6, 10), packet(7, 10)]);
    const pages = readOggPages(webmOpusToOgg(file));
    expect(pages.at(-1)!.granule).toBe(BigInt(7 * 960));
    expect(pages.every((p) => p.crcValid)).toBe(true);
  });

  it('builds the OpusHead from the channels and codec delay when there is no CodecPrivate', () => {
    const file = handBuilt({ codecPrivate: false, blocks: [simpleBlock(2, 0, packet(9))] });
    const [first] = readOggPages(webmOpusToOgg(file));
    const head = first!.packets[0]!;
    expect(head.toString('latin1', 0, 8)).toBe('OpusHead');
    expect(head[9]).toBe(1);
    expect(head.readUInt16LE(10)).toBe(312); // 6.5 ms of codec delay at 48 kHz
    expect(head.readUInt32LE(12)).toBe(48_000);
  });

  it('refuses what is not WebM with Opus audio', () => {
    expect(() => webmOpusToOgg(Buffer.from('OggS not webm'))).toThrow(WebmRemuxError);
    const vorbis = handBuilt({ blocks: [simpleBlock(2, 0, packet(1))] });
    const swapped = Buffer.from(vorbis.toString('latin1').replace('A_OPUS', 'A_VORB'), 'latin1');
    expect(() => webmOpusToOgg(swapped)).toThrow(WebmRemuxError);
    expect(() => webmOpusToOgg(handBuilt({ blocks: [] }))).toThrow(WebmRemuxError);
  });

  it('keeps the complete packets of a recording cut short', () => {
    const full = handBuilt({ blocks: [simpleBlock(2, 0, packet(1)), simpleBlock(2, 20, packet(2))] });
    const { packets } = readWebmOpus(full.subarray(0, full.byteLength - 10));
    expect(packets).toEqual([packet(1)]);
  });
});
