// The sandbox's programmatic API, for the start script, the end-to-end tests
// and benchmarks.
export { DEFAULT_API_KEY, SUSPENDED_API_KEY } from './auth';
export { dotenvLines, pointAppAt } from './env';
export { startReceiver, type ReceivedHook, type Receiver, type ReceiverOptions } from './receiver';
export {
  DEFAULT_SEED,
  isObjectId,
  MATERIAL_KINDS,
  MATERIALS,
  objectId,
  seedData,
  type MaterialKind,
  type SeedData,
  type SeedSizes,
} from './seed';
export {
  startSandbox,
  type BaseName,
  type Delivery,
  type ForcedFailure,
  type NoteRecord,
  type RecordedRequest,
  type Sandbox,
  type SandboxOptions,
  type SendRecord,
  type Subscription,
} from './server';
export {
  startZapierPlatform,
  type CheckIssue,
  type CheckOutcome,
  type CheckRequest,
  type PlatformRequest,
  type Upload,
  type ZapierPlatform,
} from './zapier-platform';
