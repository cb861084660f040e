// The GitHub set-up that action-validator does not check: every action pinned to
// a commit with its version beside it, checkouts without kept credentials, and
// dependabot.yml (which action-validator takes for a workflow and refuses).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const github = join(__dirname, '..', '..', '.github');
const workflows = readdirSync(join(github, 'workflows')).filter((name) => name.endsWith('.yml'));

interface Step {
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly if?: string;
  readonly with?: Record<string, unknown>;
}
interface Job {
  readonly needs?: string | string[];
  readonly if?: string;
  readonly environment?: string;
  readonly env?: Record<string, string>;
  readonly outputs?: Record<string, string>;
  readonly steps: readonly Step[];
}
interface Workflow {
  readonly on: Record<string, unknown>;
  readonly concurrency?: { readonly group: string; readonly 'cancel-in-progress': boolean };
  readonly env?: Record<string, string>;
  readonly jobs: Record<string, Job>;
}

const read = (name: string): Workflow =>
  parse(readFileSync(join(github, 'workflows', name), 'utf8')) as Workflow;
const stepsOf = (name: string): Step[] =>
  Object.values(read(name).jobs).flatMap((job) => [...job.steps]);
/** What each step does: its name, else its command or action. */
const doing = (job: Job): string[] =>
  job.steps.map((step) => step.name ?? step.run ?? step.uses?.split('@')[0] ?? '');

describe('GitHub workflows and dependabot', () => {
  it('has the test, deploy, preview and release workflows', () => {
    expect(workflows.sort()).toEqual(['deploy.yml', 'preview.yml', 'release.yml', 'test.yml']);
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

describe('preview.yml: a preview version of each pull request', () => {
  const workflow = read('preview.yml');
  const job = workflow.jobs.preview;

  it('runs on pull requests, one at a time per pull request, the newest push winning', () => {
    expect(Object.keys(workflow.on)).toEqual(['pull_request']);
    expect(workflow.concurrency).toEqual({
      group: 'preview-pr${{ github.event.pull_request.number }}',
      'cancel-in-progress': true,
    });
    expect(job?.env).toMatchObject({
      ZAPIER_DEPLOY_KEY: '${{ secrets.ZAPIER_DEPLOY_KEY }}',
      PR_NUMBER: '${{ github.event.pull_request.number }}',
    });
  });

  it('pushes 0.0.0-pr<number> through npm run push when there is a deploy key, and skips saying so when not', () => {
    const [skip, ...rest] = job?.steps ?? [];
    expect(skip?.if).toBe("${{ env.ZAPIER_DEPLOY_KEY == '' }}");
    expect(skip?.run).toContain('No preview: this run has no ZAPIER_DEPLOY_KEY secret');
    expect(skip?.run).toContain('>> "$GITHUB_STEP_SUMMARY"');
    for (const step of rest) expect(step.if).toBe("${{ env.ZAPIER_DEPLOY_KEY != '' }}");
    expect(rest.map((step) => step.run ?? step.uses?.split('@')[0])).toEqual([
      'actions/checkout',
      'actions/setup-node',
      'npm ci',
      'npm run push -- --snapshot "pr$PR_NUMBER"',
    ]);
  });
});

describe('release.yml: the release in stages', () => {
  const workflow = read('release.yml');
  const { push, canary, promote, 'stop-canary': stop } = workflow.jobs;

  it("starts on a v* tag, or by hand with the canary's share and duration, defaults 10 % for an hour", () => {
    const dispatch = workflow.on.workflow_dispatch as {
      inputs: Record<string, { type: string; default: number }>;
    };
    expect(workflow.on.push).toEqual({ tags: ['v*'] });
    expect(dispatch.inputs).toEqual({
      canary_percent: expect.objectContaining({ type: 'number', default: 10 }),
      canary_duration: expect.objectContaining({ type: 'number', default: 3600 }),
    });
    // A tag push has no inputs: the same defaults stand in.
    expect(workflow.env).toMatchObject({
      CANARY_PERCENT: '${{ inputs.canary_percent || 10 }}',
      CANARY_DURATION: '${{ inputs.canary_duration || 3600 }}',
    });
    expect(workflow.concurrency).toEqual({
      group: 'release-to-zapier',
      'cancel-in-progress': false,
    });
  });

  it('push: checks the tag and the key, runs npm test (the release guard) and npm run push, then plans', () => {
    expect(doing(push ?? { steps: [] })).toEqual([
      'actions/checkout',
      'actions/setup-node',
      "The tag names package.json's version",
      'A deploy key and a linked app',
      'npm ci',
      'npm test',
      'npm run push',
      'Plan the stages',
    ]);
    expect(push?.outputs).toEqual({
      version: '${{ steps.plan.outputs.version }}',
      live: '${{ steps.plan.outputs.live }}',
      gradual: '${{ steps.plan.outputs.gradual }}',
    });
  });

  it('canary: only when the plan has one, from the live version to the new one', () => {
    expect(canary?.needs).toBe('push');
    expect(canary?.if).toBe("${{ needs.push.outputs.gradual == 'true' }}");
    expect(doing(canary ?? { steps: [] }).at(-1)).toBe('Canary from the live version');
    expect(canary?.steps.at(-1)?.run).toContain(
      'npx zapier-platform canary:create "$LIVE" "$VERSION" --percent "$CANARY_PERCENT" --duration "$CANARY_DURATION"',
    );
  });

  it("promote: behind the zapier-promote environment's approval, after the canary or without one", () => {
    expect(promote?.needs).toEqual(['push', 'canary']);
    expect(promote?.environment).toBe('zapier-promote');
    expect(promote?.if).toBe(
      "${{ always() && needs.push.result == 'success' && (needs.canary.result == 'success' || needs.canary.result == 'skipped') }}",
    );
    expect(doing(promote ?? { steps: [] }).slice(3)).toEqual([
      'End the canary',
      'Promote',
      "Migrate the live version's users",
    ]);
    const [end, promoteStep, migrate] = promote?.steps.slice(3) ?? [];
    expect(end?.if).toBe("${{ needs.canary.result == 'success' }}");
    expect(promoteStep?.run).toBe('npx zapier-platform promote "$VERSION" --yes');
    expect(migrate?.if).toBe("${{ needs.push.outputs.gradual == 'true' }}");
  });

  it('stop-canary: ends the canary when the approval is rejected or promote failed', () => {
    expect(stop?.needs).toEqual(['push', 'canary', 'promote']);
    expect(stop?.if).toBe(
      "${{ always() && needs.canary.result == 'success' && needs.promote.result != 'success' }}",
    );
    expect(stop?.environment).toBeUndefined();
    expect(stop?.steps.at(-1)?.run).toBe(
      'echo y | npx zapier-platform canary:delete "$LIVE" "$VERSION"',
    );
  });

  it('gives each later job the version and the live version the plan found', () => {
    for (const job of [canary, promote, stop]) {
      expect(job?.env).toMatchObject({
        ZAPIER_DEPLOY_KEY: '${{ secrets.ZAPIER_DEPLOY_KEY }}',
        VERSION: '${{ needs.push.outputs.version }}',
        LIVE: '${{ needs.push.outputs.live }}',
      });
      // The project's CLI, installed from the lock file, before any zapier-platform command.
      expect(doing(job ?? { steps: [] }).indexOf('npm ci')).toBe(2);
    }
  });
});
