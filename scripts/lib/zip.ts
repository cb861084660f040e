// Reads the zips `zapier-platform build` writes, with adm-zip (the reader the CLI
// itself uses), so tests and benchmarks need no unzip tool.
import AdmZip from 'adm-zip';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';

export interface ZipEntry {
  readonly name: string;
  readonly size: number;
  readonly isDirectory: boolean;
  readonly isSymlink: boolean;
  readonly data: () => Buffer;
}

/** The file-type bits of a Unix mode, which zips keep in the high half of an entry's attributes. */
const FILE_TYPE = 0o170000;
const SYMLINK = 0o120000;

export function readZip(path: string): ZipEntry[] {
  return new AdmZip(path).getEntries().map((entry) => ({
    name: entry.entryName,
    size: entry.header.size,
    isDirectory: entry.isDirectory,
    isSymlink: ((entry.attr >>> 16) & FILE_TYPE) === SYMLINK,
    data: () => entry.getData(),
  }));
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
