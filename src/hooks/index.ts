export { hookTriggers } from './trigger';
