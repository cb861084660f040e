// The GitHub set-up that action-validator does not check: every action pinned to
// a commit with its version beside it, checkouts without kept credentials, and
// dependabot.yml (which action-validator takes for a workflow and refuses).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const github = join(__dirname, '..', '..', '.github');
const workflows = readdirSync(join(github, 'workflows')).filter((name) => name.endsWith('.yml'));

interface Step {
  readonly uses?: string;
  readonly with?: Record<string, unknown>;
}
interface Workflow {
  readonly jobs: Record<string, { readonly steps: readonly Step[] }>;
}

const stepsOf = (name: string): Step[] => {
  const workflow = parse(readFileSync(join(github, 'workflows', name), 'utf8')) as Workflow;
  return Object.values(workflow.jobs).flatMap((job) => [...job.steps]);
};

describe('GitHub workflows and dependabot', () => {
  it('has the test, deploy and release workflows', () => {
    expect(workflows.sort()).toEqual(['deploy.yml', 'release.yml', 'test.yml']);
  });

  it.each(workflows)(
    '%s pins every action to a full commit, with its version in a comment',
    (name) => {
      const text = readFileSync(join(github, 'workflows', name), 'utf8');
      const uses = [...text.matchAll(/uses:\s*(\S+)(.*)$/gm)];
      expect(uses.length).toBeGreaterThan(0);
      for (const [, action = '', comment = ''] of uses) {
        expect({ action, pinned: /@[0-9a-f]{40}$/.test(action) }).toEqual({ action, pinned: true });
        expect(comment).toMatch(/^\s+# v\d+\.\d+\.\d+$/);
      }
    },
  );

  it.each(workflows)('%s checks out without keeping git credentials', (name) => {
    const checkouts = stepsOf(name).filter((step) => step.uses?.startsWith('actions/checkout@'));
    expect(checkouts.length).toBeGreaterThan(0);
    for (const step of checkouts) expect(step.with?.['persist-credentials']).toBe(false);
  });

  it('dependabot updates npm and the actions weekly, grouped, and holds back majors of Zapier and of Node past its runtime', () => {
    const config = parse(readFileSync(join(github, 'dependabot.yml'), 'utf8')) as {
      version: number;
      updates: {
        'package-ecosystem': string;
        schedule: { interval: string };
        groups?: Record<string, unknown>;
        ignore?: { 'dependency-name': string; 'update-types': string[] }[];
      }[];
    };
    expect(config.version).toBe(2);
    expect(config.updates.map((update) => update['package-ecosystem'])).toEqual([
      'npm',
      'github-actions',
    ]);
    for (const update of config.updates) {
      expect(update.schedule.interval).toBe('weekly');
      expect(Object.keys(update.groups ?? {}).length).toBeGreaterThan(0);
    }
    const major = ['version-update:semver-major'];
    expect(config.updates[0]?.ignore).toEqual([
      { 'dependency-name': 'zapier-platform-*', 'update-types': major },
      { 'dependency-name': 'node', 'update-types': major },
      { 'dependency-name': '@types/node', 'update-types': major },
    ]);
  });
});
