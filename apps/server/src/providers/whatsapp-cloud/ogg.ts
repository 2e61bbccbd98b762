/**
 * Ogg pages (RFC 3533): writing packets into pages with their CRC, and reading pages back (tests
 * and checks). A packet never spans pages here: Opus packets are at most a few KB, well under a
 * page's 255 × 255 bytes.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

/** Ogg's CRC-32: polynomial 0x04c11db7, not reflected, initial value 0, no final xor. */
export function oggCrc(data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc >>> 0;
}

export const OGG_FLAG = { continued: 0x01, first: 0x02, last: 0x04 } as const;

export interface TOggPageInput {
  packets: Uint8Array[];
  /** Granule position after the last packet of the page (-1: no packet ends here). */
  granule: bigint;
  serial: number;
  sequence: number;
  flags: number;
}

/** One page: header, segment table (lacing values), the packets; CRC over it all with the CRC field zeroed. */
export function oggPage({ packets, granule, serial, sequence, flags }: TOggPageInput): Buffer {
  const lacing: number[] = [];
  for (const p of packets) {
    let left = p.byteLength;
    while (left >= 255) {
      lacing.push(255);
      left -= 255;
    }
    lacing.push(left);
  }
  if (lacing.length > 255) throw new Error('too many segments for one Ogg page');
  const bodySize = packets.reduce((n, p) => n + p.byteLength, 0);
  const page = Buffer.alloc(27 + lacing.length + bodySize);
  page.write('OggS', 0, 'latin1');
  page.writeUInt8(0, 4);
  page.writeUInt8(flags, 5);
  page.writeBigInt64LE(granule, 6);
  page.writeUInt32LE(serial >>> 0, 14);
  page.writeUInt32LE(sequence >>> 0, 18);
  page.writeUInt32LE(0, 22);
  page.writeUInt8(lacing.length, 26);
  Buffer.from(lacing).copy(page, 27);
  let at = 27 + lacing.length;
  for (const p of packets) {
    page.set(p, at);
    at += p.byteLength;
  }
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/** Number of 255-byte lacing values a packet takes in a segment table. */
export function lacingCount(size: number): number {
  return Math.floor(size / 255) + 1;
}

export interface TOggPage {
  flags: number;
  granule: bigint;
  serial: number;
  sequence: number;
  crc: number;
  crcValid: boolean;
  /** The packets completed on this page (a packet continued on the next page is not listed). */
  packets: Buffer[];
}

/** Reads every page of an Ogg stream (one logical stream, packets within a page); throws on a malformed page. */
export function readOggPages(data: Buffer): TOggPage[] {
  const pages: TOggPage[] = [];
  let at = 0;
  while (at < data.byteLength) {
    if (data.toString('latin1', at, at + 4) !== 'OggS') throw new Error(`no capture pattern at ${at}`);
    if (data[at + 4] !== 0) throw new Error('unknown Ogg version');
    const count = data[at + 26]!;
    const lacing = data.subarray(at + 27, at + 27 + count);
    const bodySize = lacing.reduce((n, v) => n + v, 0);
    const end = at + 27 + count + bodySize;
    if (end > data.byteLength) throw new Error('truncated Ogg page');
    const page = Buffer.from(data.subarray(at, end));
    const crc = page.readUInt32LE(22);
    page.writeUInt32LE(0, 22);
    const packets: Buffer[] = [];
    let offset = at + 27 + count;
    let size = 0;
    let start = offset;
    for (const v of lacing) {
      size += v;
      if (v < 255) {
        packets.push(Buffer.from(data.subarray(start, start + size)));
        start += size;
        size = 0;
      }
    }
    offset = end;
    pages.push({
      flags: data[at + 5]!,
      granule: data.readBigInt64LE(at + 6),
      serial: data.readUInt32LE(at + 14),
      sequence: data.readUInt32LE(at + 18),
      crc,
      crcValid: oggCrc(page) === crc,
      packets,
    });
    at = offset;
  }
  return pages;
}
