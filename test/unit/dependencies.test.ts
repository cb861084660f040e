// No copy of form-data in the lock file is older than 4.0.6, which fixed a published advisory
// (CRLF injection through multipart field names): core 19.1.0 pins 4.0.5, and only the override
// in package.json lifts it, which upgrading core or regenerating the lock file could undo.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const lock = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string }>;
};

it('holds every copy of form-data at 4.0.6 or later', () => {
  const copies = Object.entries(lock.packages)
    .filter(([path]) => /(^|\/)node_modules\/form-data$/.test(path))
    .map(([path, { version = '' }]) => {
      const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
      return { path, fixed: major > 4 || (major === 4 && (minor > 0 || patch >= 6)) };
    });
  expect(copies.length).toBeGreaterThan(0);
  expect(copies.filter((copy) => !copy.fixed)).toEqual([]);
});
