// The optional inputs of the hook triggers. Filters: the service delivers every event of an action,
// so the app drops those the Zap builder did not ask for; text is folded as the searches fold
// titles. Then the filters the events table offers, and New Lead's inputs, which CRMGrow reads.
import type { FieldChoiceWithLabel, PlainInputField, ZObject } from 'zapier-platform-core';
import { inputFieldOf, LEAD_TYPE, readInputs, type Input } from '../lib/inputs';
import { isObject, numberOf, type JsonObject } from '../lib/json';
import { MATERIALS } from '../lib/crmgrow-lists';
import { fold, quote } from '../lib/text';

interface FilterField {
  readonly key: string;
  readonly label: string;
  readonly helpText: string;
  readonly choices?: readonly FieldChoiceWithLabel[];
}

export interface Filter extends FilterField {
  readonly type: 'string' | 'integer';
  /** The test of an item for a value filled in; `invalid` makes the error for a value it can't use. */
  readonly testFor: (
    value: string,
    invalid: (problem: string) => Error,
  ) => (item: JsonObject) => boolean;
}

/** Passes when the item's value at `path` (`materials[]type`: in each of its materials), folded, is
 * the value filled in. */
const textFilter = (field: FilterField, path: string): Filter => ({
  ...field,
  type: 'string',
  testFor: (value) => {
    const wanted = fold(value);
    const [key = '', child] = path.split('[]');
    return (item) =>
      [item[key]]
        .flat()
        .map((entry: unknown) => (child && isObject(entry) ? entry[child] : entry))
        .some((text) => typeof text === 'string' && fold(text) === wanted);
  },
});

/** Minimum Amount of a watch: a material with no amount (an image) counts as its `amountWhenBlank`. */
const amountFilter = (field: FilterField): Filter => ({
  ...field,
  type: 'integer',
  testFor: (value, invalid) => {
    const minimum = numberOf(value);
    if (minimum === undefined) {
      throw invalid(
        `needs a number, such as 50, but got ${quote(value, 40)}. Type a whole number, or ` +
          'leave it blank to let every amount through.',
      );
    }
    return (item) => {
      const type = typeof item.material_type === 'string' ? fold(item.material_type) : '';
      const material = MATERIALS.find((one) => fold(one.type) === type);
      // No number at all (NaN) passes no minimum.
      return (numberOf(item.material_amount) ?? material?.amountWhenBlank ?? Number.NaN) >= minimum;
    };
  },
});

export const filterInputFields = (filters: readonly Filter[]): PlainInputField[] =>
  filters.map(({ key, label, helpText, type, choices }) => ({
    key,
    label,
    helpText,
    required: false,
    type,
    ...(choices && { choices: [...choices] }),
  }));

// The test an item must pass, for live events and samples alike; undefined when every field is
// blank. An item left out starts no Zap run, so the log names the filter, once a run.
export function itemFilter(
  z: ZObject,
  inputData: Readonly<Record<string, unknown>>,
  filters: readonly Filter[],
): ((item: JsonObject) => boolean) | undefined {
  const checks = filters.flatMap((filter) => {
    const raw = inputData[filter.key] ?? '';
    const invalid = (problem: string): Error =>
      new z.errors.Error(`The "${filter.label}" field ${problem}`, 'invalid_input');
    if (typeof raw !== 'string' && typeof raw !== 'number') {
      throw invalid(
        'needs a single value, not a list or a set of fields. Type one, or leave it blank.',
      );
    }
    const value = String(raw).trim();
    return value ? [{ filter, passes: filter.testFor(value, invalid), value }] : [];
  });
  if (checks.length === 0) return undefined;
  const logged = new Set<Filter>();
  return (item) => {
    const failed = checks.find(({ passes }) => !passes(item));
    if (failed && !logged.has(failed.filter)) {
      logged.add(failed.filter);
      z.console.log(
        `The "${failed.filter.label}" filter (${quote(failed.value, 40)}) left out an event that does not match it.`,
      );
    }
    return failed === undefined;
  };
}

// The filters the events table offers.
const MATCHED_WHOLE = 'matched whole; not case-sensitive, and accents are ignored.';
const tagFilter = (when: string) =>
  textFilter(
    {
      key: 'tag',
      label: 'Tag',
      helpText: `Only start the Zap for contacts with this tag, such as buyer${when}. One tag, ${MATCHED_WHOLE} Leave blank for every contact.`,
    },
    'tags',
  );
const TAG_FILTER = tagFilter('');
// CRMGrow sends a contact as it is now, with nothing of what it was: a tag filter cannot tell
// the edit that added the tag from any later one.
const UPDATED_TAG_FILTER = tagFilter(
  ': every change to such a contact starts it, not only the one that adds the tag',
);

const PIPELINE_FILTER = textFilter(
  {
    key: 'pipe_line',
    label: 'Pipeline',
    helpText: `Only start the Zap for deals in this pipeline, such as Buyers. One pipeline, ${MATCHED_WHOLE} Leave blank for every pipeline.`,
  },
  'pipe_line',
);

const materialTitleFilter = (path: string) =>
  textFilter(
    {
      key: 'material_title',
      label: 'Material Title',
      helpText: `Only start the Zap for the video, PDF or image with this title, such as Virtual Tour. One title, ${MATCHED_WHOLE} Leave blank for every material.`,
    },
    path,
  );

const NEW_STAGE_FILTER = textFilter(
  {
    key: 'deal_target',
    label: 'New Stage',
    helpText:
      'Only start the Zap when the deal moves into this stage, such as Under Contract. One ' +
      `stage, ${MATCHED_WHOLE} Leave blank for every move.`,
  },
  'deal_target',
);

const MATERIAL_TYPE_CHOICES = MATERIALS.map(({ type, label }) => ({
  value: type,
  sample: type,
  label,
}));

const SENT_MATERIAL_FILTER = textFilter(
  {
    key: 'material_type',
    label: 'Material Type',
    helpText:
      'Only start the Zap when the send includes material of this type. ' +
      'Leave blank for every send.',
    choices: MATERIAL_TYPE_CHOICES,
  },
  'materials[]type',
);

const WATCH_FILTERS = [
  textFilter(
    {
      key: 'material_type',
      label: 'Material Type',
      helpText: 'Only start the Zap for material of this type. Leave blank for every type.',
      choices: MATERIAL_TYPE_CHOICES,
    },
    'material_type',
  ),
  materialTitleFilter('material_title'),
  amountFilter({
    key: 'min_amount',
    label: 'Minimum Amount (Percent or Pages)',
    helpText:
      'Only start the Zap from this amount up: the percent of a video watched (such as 50), ' +
      "or a PDF's page count, which comes when it is opened, so choose a Material Type too. " +
      'An image counts as 1.',
  }),
];

export const FILTERS = {
  tag: TAG_FILTER,
  updatedTag: UPDATED_TAG_FILTER,
  pipeline: PIPELINE_FILTER,
  newStage: NEW_STAGE_FILTER,
  sentMaterial: [SENT_MATERIAL_FILTER, materialTitleFilter('materials[]title')],
  watchedMaterial: WATCH_FILTERS,
} as const satisfies Record<string, Filter | readonly Filter[]>;

/** Inputs CRMGrow itself reads, sent as the subscription's `data`: it filters before posting. */
export interface SubscribeInput {
  readonly fields: readonly PlainInputField[];
  /** The subscription's `data` for the Zap's inputs; an error for a value CRMGrow cannot use. */
  readonly dataOf: (z: ZObject, inputData: Readonly<Record<string, unknown>>) => JsonObject;
}

const LEAD: Input<'lead', 'id'> = {
  key: 'lead',
  label: 'Lead Form or Event',
  format: 'id',
  required: false,
  listKey: 'lead',
  helpText:
    'Only start the Zap for leads from this lead form or scheduler event, listed for the Lead ' +
    'Type chosen. Leave blank for every lead.',
  howToFill: 'Choose one, or leave it blank for every lead.',
};

// CRMGrow posts a lead only to a subscription whose `data` names the lead's type, or "all", and
// the lead's form or event, or "0" for every one (Teamgrow-Backend a2ec244,
// src/helpers/outbound.js, outboundCallhookApi). A service that follows the API spec alone ignores
// `data`.
export const LEAD_SOURCE: SubscribeInput = {
  fields: [LEAD_TYPE, LEAD].map(inputFieldOf),
  dataOf: (z, inputData) => {
    const values = readInputs(z, inputData, [LEAD_TYPE, LEAD]);
    return { type: values.lead_type ?? 'all', lead: values.lead ?? '0' };
  },
};
