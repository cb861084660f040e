// The polling triggers: the material and template lists, which also fill the dropdowns.
export { listTriggers as pollingTriggers } from './lists';
