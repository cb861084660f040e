// A minimal reader for the zips `zapier-platform build` writes (stored or
// deflated entries), so tests and benchmarks need no unzip tool or extra package.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  readonly name: string;
  readonly size: number;
  readonly isDirectory: boolean;
  readonly isSymlink: boolean;
  readonly data: () => Buffer;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;

export function readZip(path: string): ZipEntry[] {
  const zip = readFileSync(path);
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error(`${path} is not a zip file`);
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);

  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(offset) !== CENTRAL_FILE_HEADER)
      throw new Error(`${path}: bad central directory`);
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const size = zip.readUInt32LE(offset + 24);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const externalAttributes = zip.readUInt32LE(offset + 38);
    const localOffset = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + extraLength + commentLength;

    const unixMode = externalAttributes >>> 16;
    const data = (): Buffer => {
      if (zip.readUInt32LE(localOffset) !== LOCAL_FILE_HEADER)
        throw new Error(`${path}: bad entry ${name}`);
      const start =
        localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
      const raw = zip.subarray(start, start + compressedSize);
      if (method === 0) return Buffer.from(raw);
      if (method === 8) return inflateRawSync(raw);
      throw new Error(`${path}: entry ${name} uses unsupported method ${method}`);
    };
    entries.push({
      name,
      size,
      isDirectory: name.endsWith('/'),
      isSymlink: (unixMode & 0o170000) === 0o120000,
      data,
    });
  }
  return entries;
}

/** Unpacks every entry of `zipPath` under `target`, refusing paths that escape it. */
export function extractZip(zipPath: string, target: string): ZipEntry[] {
  const entries = readZip(zipPath);
  for (const entry of entries) {
    const destination = normalize(join(target, entry.name));
    if (!destination.startsWith(normalize(target) + sep))
      throw new Error(`unsafe path in zip: ${entry.name}`);
    if (entry.isDirectory) {
      mkdirSync(destination, { recursive: true });
      continue;
    }
    mkdirSync(dirname(destination), { recursive: true });
    if (entry.isSymlink) symlinkSync(entry.data().toString('utf8'), destination);
    else writeFileSync(destination, entry.data());
  }
  return entries;
}
