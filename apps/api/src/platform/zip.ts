import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * A streamed ZIP archive of stored files: entries are read one after another and written as they
 * come, so a download of many large PDFs holds one chunk in memory, never a whole file. Entries are
 * stored without compression (PDFs are compressed already), with data descriptors (the CRC is known
 * only after the bytes went out) and UTF-8 names. No ZIP64: the total must stay under 4 GiB, which
 * `zipFits` lets the caller check before answering.
 */

export type ZipEntry = { name: string; size: number; open: () => Promise<Readable> };

const LIMIT = 0xffff_fff0;
const FLAGS = 0x0808; // bit 3: sizes in the data descriptor; bit 11: UTF-8 names

/** Whether the entries fit a ZIP without ZIP64 (headers included). */
export function zipFits(entries: readonly { name: string; size: number }[]): boolean {
  const total = entries.reduce((s, e) => s + e.size + 30 + 16 + 46 + 2 * Buffer.byteLength(e.name), 22);
  return total < LIMIT && entries.length < 0xffff;
}

/** Names made unique inside the archive: "a.pdf", "a (2).pdf", … */
export function uniqueNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((n) => {
    let name = n;
    for (let i = 2; used.has(name.toLowerCase()); i++) {
      const dot = n.lastIndexOf('.');
      name = dot > 0 ? `${n.slice(0, dot)} (${i})${n.slice(dot)}` : `${n} (${i})`;
    }
    used.add(name.toLowerCase());
    return name;
  });
}

function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, d.getUTCFullYear());
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

async function* zipChunks(entries: readonly ZipEntry[], at: Date): AsyncGenerator<Buffer> {
  const { time, date } = dosDateTime(at);
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(FLAGS, 6);
    local.writeUInt16LE(0, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt16LE(name.length, 26);
    yield local;
    yield name;
    let crc = 0;
    let size = 0;
    for await (const chunk of await e.open()) {
      const b = chunk as Buffer;
      crc = zlib.crc32(b, crc);
      size += b.length;
      if (offset + size > LIMIT) throw new Error('The archive is too large for a ZIP without ZIP64.');
      yield b;
    }
    const desc = Buffer.alloc(16);
    desc.writeUInt32LE(0x08074b50, 0);
    desc.writeUInt32LE(crc >>> 0, 4);
    desc.writeUInt32LE(size, 8);
    desc.writeUInt32LE(size, 12);
    yield desc;
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(FLAGS, 8);
    c.writeUInt16LE(0, 10);
    c.writeUInt16LE(time, 12);
    c.writeUInt16LE(date, 14);
    c.writeUInt32LE(crc >>> 0, 16);
    c.writeUInt32LE(size, 20);
    c.writeUInt32LE(size, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(offset, 42);
    central.push(c, name);
    offset += 30 + name.length + size + 16;
  }
  const cd = Buffer.concat(central);
  yield cd;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  yield end;
}

/** The archive as a stream; an entry that cannot be read ends the stream with its error. */
export function zipStream(entries: readonly ZipEntry[], at: Date): Readable {
  return Readable.from(zipChunks(entries, at), { objectMode: false });
}
