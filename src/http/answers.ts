export { enveloped, recordIdOf } from './responses'; // alias until callers move
