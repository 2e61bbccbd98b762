import { randomInt } from 'node:crypto';
import { lacingCount, OGG_FLAG, oggPage } from './ogg';

/**
 * WebM (Matroska) Opus audio → Ogg Opus, by remuxing: the browser's voice note (Chromium's
 * MediaRecorder writes audio/webm with Opus) becomes the audio/ogg (Opus) WhatsApp takes as a
 * voice note. No transcoding: the Opus packets are copied as they are.
 *
 * WebM side: EBML elements are walked in order; the masters we need (Segment, Cluster, Tracks,
 * TrackEntry, BlockGroup, Info, Audio) are entered, whatever their size (MediaRecorder writes
 * Segment and Cluster with an unknown size), everything else is skipped. The first Opus audio
 * track's CodecPrivate is the OpusHead; its SimpleBlocks/Blocks (any lacing) are the packets.
 *
 * Ogg side (RFC 7845): page 1 the OpusHead (BOS), page 2 OpusTags, then the packets in pages of
 * about a second, granule positions in 48 kHz samples counted from each packet's TOC byte
 * (including the pre-skip), the last page marked EOS.
 */

export class WebmRemuxError extends Error {}

const ID = {
  EBML: 0x1a45dfa3,
  Segment: 0x18538067,
  Info: 0x1549a966,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackType: 0x83,
  CodecID: 0x86,
  CodecPrivate: 0x63a2,
  CodecDelay: 0x56aa,
  Audio: 0xe1,
  Channels: 0x9f,
  Cluster: 0x1f43b675,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
} as const;

/** Masters whose children we read (entered, not skipped). */
const ENTERED = new Set<number>([
  ID.Segment,
  ID.Info,
  ID.Tracks,
  ID.TrackEntry,
  ID.Audio,
  ID.Cluster,
  ID.BlockGroup,
]);

interface TTrack {
  number?: number;
  type?: number;
  codecId?: string;
  codecPrivate?: Buffer;
  codecDelayNs?: number;
  channels?: number;
}

/** A variable-size integer at `at`: its value (marker bit removed unless `keepMarker`) and length. */
function readVint(
  data: Buffer,
  at: number,
  keepMarker: boolean,
): { value: number; length: number; unknown: boolean } {
  const first = data[at];
  if (first === undefined) throw new WebmRemuxError('truncated element');
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8) throw new WebmRemuxError('bad variable-size integer');
  if (at + length > data.byteLength) throw new WebmRemuxError('truncated element');
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = data[at + i]!;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function readUint(data: Buffer, start: number, size: number): number {
  let v = 0;
  for (let i = 0; i < size; i++) v = v * 256 + data[start + i]!;
  return v;
}

/** The frames of a (Simple)Block: track number and its laced or single frames. */
function blockFrames(data: Buffer, start: number, end: number): { track: number; frames: Buffer[] } {
  const track = readVint(data, start, false);
  let at = start + track.length + 2; // + signed 16-bit relative timestamp
  const flags = data[at]!;
  at += 1;
  const lacing = (flags >> 1) & 0x03;
  if (lacing === 0) return { track: track.value, frames: [data.subarray(at, end)] };
  const count = data[at]! + 1;
  at += 1;
  const sizes: number[] = [];
  if (lacing === 1) {
    // Xiph lacing: each size but the last as a run of 255s plus a final byte.
    for (let i = 0; i < count - 1; i++) {
      let size = 0;
      let byte: number;
      do {
        byte = data[at++]!;
        size += byte;
      } while (byte === 255);
      sizes.push(size);
    }
  } else if (lacing === 3) {
    // EBML lacing: the first size as a vint, then signed differences.
    const first = readVint(data, at, false);
    at += first.length;
    sizes.push(first.value);
    for (let i = 1; i < count - 1; i++) {
      const diff = readVint(data, at, false);
      at += diff.length;
      const bias = 2 ** (7 * diff.length - 1) - 1;
      sizes.push(sizes[i - 1]! + diff.value - bias);
    }
  } else {
    // Fixed-size lacing.
    const each = (end - at) / count;
    if (!Number.isInteger(each)) throw new WebmRemuxError('bad fixed-size lacing');
    for (let i = 0; i < count - 1; i++) sizes.push(each);
  }
  const used = sizes.reduce((n, s) => n + s, 0);
  sizes.push(end - at - used);
  const frames: Buffer[] = [];
  for (const size of sizes) {
    if (size < 0 || at + size > end) throw new WebmRemuxError('bad lacing');
    frames.push(data.subarray(at, at + size));
    at += size;
  }
  return { track: track.value, frames };
}

/** The Opus track and its packets, in file order. */
export function readWebmOpus(data: Buffer): { head: Buffer; packets: Buffer[] } {
  if (data.byteLength < 4 || data.readUInt32BE(0) !== ID.EBML) throw new WebmRemuxError('not a WebM file');
  const tracks: TTrack[] = [];
  let current: TTrack | null = null;
  let opus: TTrack | null = null;
  const packets: Buffer[] = [];
  let at = 0;
  while (at < data.byteLength) {
    const id = readVint(data, at, true);
    let size: ReturnType<typeof readVint>;
    try {
      size = readVint(data, at + id.length, false);
    } catch (err) {
      // A recording cut short mid-element: keep what was complete.
      if (packets.length) break;
      throw err;
    }
    const start = at + id.length + size.length;
    if (ENTERED.has(id.value)) {
      if (id.value === ID.TrackEntry) {
        current = {};
        tracks.push(current);
      }
      if (id.value === ID.Cluster && !opus) opus = findOpus(tracks);
      at = start;
      continue;
    }
    if (size.unknown) throw new WebmRemuxError('unknown size on a leaf element');
    const end = start + size.value;
    if (end > data.byteLength) {
      if (packets.length) break;
      throw new WebmRemuxError('truncated element');
    }
    switch (id.value) {
      case ID.TrackNumber:
        if (current) current.number = readUint(data, start, size.value);
        break;
      case ID.TrackType:
        if (current) current.type = readUint(data, start, size.value);
        break;
      case ID.CodecID:
        if (current) current.codecId = data.toString('latin1', start, end).replace(/\0+$/, '');
        break;
      case ID.CodecPrivate:
        if (current) current.codecPrivate = Buffer.from(data.subarray(start, end));
        break;
      case ID.CodecDelay:
        if (current) current.codecDelayNs = readUint(data, start, size.value);
        break;
      case ID.Channels:
        if (current) current.channels = readUint(data, start, size.value);
        break;
      case ID.SimpleBlock:
      case ID.Block: {
        opus ??= findOpus(tracks);
        const block = blockFrames(data, start, end);
        if (block.track === opus.number)
          for (const f of block.frames) if (f.byteLength) packets.push(Buffer.from(f));
        break;
      }
    }
    at = end;
  }
  opus ??= findOpus(tracks);
  if (!packets.length) throw new WebmRemuxError('no Opus audio in the file');
  return { head: opusHead(opus), packets };
}

function findOpus(tracks: TTrack[]): TTrack {
  const track = tracks.find((t) => t.codecId === 'A_OPUS' && (t.type === undefined || t.type === 2));
  if (!track || track.number === undefined) throw new WebmRemuxError('no Opus audio track');
  return track;
}

/** The track's OpusHead (CodecPrivate), or one built from its channels and codec delay. */
function opusHead(track: TTrack): Buffer {
  const priv = track.codecPrivate;
  if (priv && priv.byteLength >= 19 && priv.toString('latin1', 0, 8) === 'OpusHead') return priv;
  const channels = track.channels ?? 2;
  if (channels > 2) throw new WebmRemuxError('multichannel Opus without an OpusHead');
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head.writeUInt8(1, 8);
  head.writeUInt8(channels, 9);
  head.writeUInt16LE(Math.round(((track.codecDelayNs ?? 0) * 48_000) / 1e9), 10);
  head.writeUInt32LE(48_000, 12);
  head.writeInt16LE(0, 16);
  head.writeUInt8(0, 18);
  return head;
}

/** Samples (at 48 kHz) of one Opus packet, from its TOC byte (RFC 6716 §3.1). */
export function opusPacketSamples(packet: Uint8Array): number {
  const toc = packet[0];
  if (toc === undefined) return 0;
  const config = toc >> 3;
  const frame =
    config < 12
      ? [480, 960, 1920, 2880][config % 4]!
      : config < 16
        ? [480, 960][config % 2]!
        : [120, 240, 480, 960][config % 4]!;
  const code = toc & 0x03;
  const frames = code === 0 ? 1 : code === 3 ? (packet[1] ?? 0) & 0x3f : 2;
  return frame * frames;
}

function opusTags(): Buffer {
  const vendor = Buffer.from('atende', 'utf8');
  const tags = Buffer.alloc(8 + 4 + vendor.byteLength + 4);
  tags.write('OpusTags', 0, 'latin1');
  tags.writeUInt32LE(vendor.byteLength, 8);
  vendor.copy(tags, 12);
  tags.writeUInt32LE(0, 12 + vendor.byteLength);
  return tags;
}

/** About a second of audio per page (and never over the 255 lacing values of a page). */
const PAGE_SAMPLES = 48_000;

/** WebM/Opus bytes → Ogg/Opus bytes; WebmRemuxError when the file is not WebM with Opus audio. */
export function webmOpusToOgg(webm: Buffer, serial: number = randomInt(1, 0x7fffffff)): Buffer {
  const { head, packets } = readWebmOpus(webm);
  const pages: Buffer[] = [
    oggPage({ packets: [head], granule: 0n, serial, sequence: 0, flags: OGG_FLAG.first }),
    oggPage({ packets: [opusTags()], granule: 0n, serial, sequence: 1, flags: 0 }),
  ];
  let granule = 0n;
  let page: Buffer[] = [];
  let segments = 0;
  let samples = 0;
  const flush = (last: boolean) => {
    pages.push(
      oggPage({ packets: page, granule, serial, sequence: pages.length, flags: last ? OGG_FLAG.last : 0 }),
    );
    page = [];
    segments = 0;
    samples = 0;
  };
  for (const [i, packet] of packets.entries()) {
    const need = lacingCount(packet.byteLength);
    if (page.length && (segments + need > 255 || samples >= PAGE_SAMPLES)) flush(false);
    page.push(packet);
    segments += need;
    const n = opusPacketSamples(packet);
    samples += n;
    granule += BigInt(n);
    if (i === packets.length - 1) flush(true);
  }
  return Buffer.concat(pages);
}
