// 2. Artifact: the size of build.zip, its files, and what takes the room.
import { statSync } from 'node:fs';
import { readZip } from '../lib/zip';
import { indent } from './report';
import { count, kib, table } from './stats';

interface Artifact {
  readonly bytes: number;
  readonly files: number;
  readonly unpackedBytes: number;
  readonly appFiles: number;
  readonly appBytes: number;
  readonly packages: number;
  readonly largestPackages: {
    readonly name: string;
    readonly bytes: number;
    readonly files: number;
  }[];
}

export async function artifact(zipPath: string): Promise<Artifact> {
  const files = readZip(zipPath).filter((entry) => !entry.isDirectory);
  const byPackage = new Map<string, { bytes: number; files: number }>();
  let appFiles = 0;
  let appBytes = 0;
  for (const file of files) {
    const match = /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file.name);
    if (!match?.[1]) {
      appFiles += 1;
      appBytes += file.size;
      continue;
    }
    const entry = byPackage.get(match[1]) ?? { bytes: 0, files: 0 };
    entry.bytes += file.size;
    entry.files += 1;
    byPackage.set(match[1], entry);
  }
  const largestPackages = [...byPackage.entries()]
    .map(([name, s]) => ({ name, ...s }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 5);
  const result: Artifact = {
    bytes: statSync(zipPath).size,
    files: files.length,
    unpackedBytes: files.reduce((sum, f) => sum + f.size, 0),
    appFiles,
    appBytes,
    packages: byPackage.size,
    largestPackages,
  };
  indent(
    table(
      ['', 'files', 'KiB'],
      [
        ['build/build.zip (compressed)', count(result.files), kib(result.bytes)],
        ['unpacked', count(result.files), kib(result.unpackedBytes)],
        ['  the app: index.js, dist/, package.json, …', count(appFiles), kib(appBytes)],
        [
          `  node_modules: ${result.packages} production packages`,
          count(result.files - appFiles),
          kib(result.unpackedBytes - appBytes),
        ],
        ...largestPackages.map((p) => [`    ${p.name}`, count(p.files), kib(p.bytes)]),
      ],
      [1, 2],
    ),
  );
  return result;
}
