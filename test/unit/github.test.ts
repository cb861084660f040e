// The GitHub workflows, beyond what `npm run lint:workflows` validates: pinned actions,
// no kept git credentials, the deploy key only where Zapier is called, and release.yml's
// refusal of a tag that is not package.json's version.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

interface Step {
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly with?: Record<string, unknown>;
  readonly env?: Record<string, string>;
}
interface Workflow {
  readonly env?: Record<string, string>;
  readonly jobs: Record<string, { readonly env?: Record<string, string>; steps: Step[] }>;
}

const root = join(__dirname, '..', '..');
const dir = join(root, '.github', 'workflows');
const files = readdirSync(dir).filter((name) => name.endsWith('.yml'));
const text = (name: string): string => readFileSync(join(dir, name), 'utf8');
const read = (name: string): Workflow => parse(text(name)) as Workflow;
const steps = (name: string): Step[] => Object.values(read(name).jobs).flatMap((job) => job.steps);

describe.each(files)('%s', (name) => {
  it('pins every action to a full commit, with its version in a comment', () => {
    const uses = [...text(name).matchAll(/uses:\s*(\S+)(.*)$/gm)].map(([, action, comment]) => ({
      action,
      pinned: /@[0-9a-f]{40}$/.test(action ?? '') && /^\s+# v\d+\.\d+\.\d+$/.test(comment ?? ''),
    }));
    expect(uses.filter((use) => !use.pinned)).toEqual([]);
  });

  it('checks out without keeping git credentials', () => {
    const checkouts = steps(name).filter((step) => step.uses?.startsWith('actions/checkout@'));
    for (const step of checkouts) expect(step.with?.['persist-credentials']).toBe(false);
  });

  it('gives the deploy key only to the steps that talk to Zapier', () => {
    const workflow = read(name);
    const holders = [workflow.env, ...Object.values(workflow.jobs).map((job) => job.env)];
    expect(holders.filter((env) => JSON.stringify(env ?? {}).includes('secrets.'))).toEqual([]);
    const keyed = steps(name).filter((step) => step.env?.ZAPIER_DEPLOY_KEY !== undefined);
    for (const step of keyed) expect(step.run).toMatch(/^(npm run push|npx zapier-platform )/);
  });
});

it("release.yml refuses a tag that is not package.json's version", () => {
  const check = steps('release.yml').find((step) => step.name?.startsWith('The tag names'));
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  const withTag = (tag: string) =>
    spawnSync('bash', ['-e', '-c', check?.run ?? 'false'], {
      cwd: root,
      env: { ...process.env, TAG: tag },
      encoding: 'utf8',
    });
  expect(withTag(`v${version}`).status).toBe(0);
  const wrong = withTag('v0.0.1');
  expect(wrong.stdout).toContain(
    `::error::The tag v0.0.1 is not package.json's version ${version}`,
  );
  expect(wrong.status).toBe(1);
});
