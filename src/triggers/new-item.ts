// New Video, PDF, Image and Template: the polling triggers, which also fill the dropdowns; and the
// hidden ones that fill only a dropdown (labels, automations, lead forms and events).
import { defineTrigger, type Bundle, type Trigger, type ZObject } from 'zapier-platform-core';
import { LIST_ENDPOINTS } from '../http/endpoints';
import { callApi } from '../http/request';
import { LEAD_TYPE, readInputs } from '../lib/inputs';
import {
  LISTS,
  listOutputFields,
  listResult,
  readList,
  SAMPLE_SIZE,
  titleOf,
  type List,
  type ListKey,
} from '../lib/crmgrow-lists';
import { dropdownOrder, newestFirst } from '../lib/order';

// A poll returns ten times the 100 new items Zapier triggers on at most (docs: operating
// constraints); turning a Zap on reads further back, so that new items deleted later bring no
// old ones in.
const POLL_SIZE = 1_000;
const DEDUPE = 10_000;
const DROPDOWN_PAGE_SIZE = 100;

/** The row indexes a run returns: a dropdown's page A–Z, or a poll's page newest first. */
function rowIndexesFor({ meta }: Bundle, list: List, spec: (typeof LISTS)[ListKey]): number[] {
  const asked = Number(meta?.page ?? 0);
  const page = meta?.isLoadingSample || !Number.isSafeInteger(asked) ? 0 : Math.max(asked, 0);
  if (meta?.isFillingDynamicDropdown) {
    const order = dropdownOrder(
      list.rows.map((row) => titleOf(row, spec)),
      list.ids,
    );
    return order((page + 1) * DROPDOWN_PAGE_SIZE).slice(page * DROPDOWN_PAGE_SIZE);
  }
  const size = meta?.isLoadingSample ? SAMPLE_SIZE : meta?.isPopulatingDedupe ? DEDUPE : POLL_SIZE;
  const newest = newestFirst(list.ids);
  if (newest) return newest((page + 1) * size).slice(page * size);
  // Ids that show no age: the service's order, the whole list on the first page, as far as it fits.
  const count = meta?.isLoadingSample ? size : page > 0 ? 0 : list.ids.length;
  return Array.from({ length: Math.min(count, list.ids.length) }, (_, i) => i);
}

/** The query a list is asked with: the lead sources of the Lead Type chosen beside the dropdown. */
const QUERIES: Partial<Record<ListKey, (z: ZObject, bundle: Bundle) => Record<string, string>>> = {
  lead: (z, bundle) => ({ type: readInputs(z, bundle.inputData, [LEAD_TYPE]).lead_type ?? 'all' }),
};

function newItem(key: ListKey): Trigger {
  const spec = LISTS[key];
  const dropdownOnly = 'dropdownOnly' in spec;
  return defineTrigger({
    key,
    noun: spec.noun,
    display: {
      label: `New ${spec.noun}`,
      description: spec.description,
      ...(dropdownOnly && { hidden: true }),
    },
    operation: {
      type: 'polling',
      perform: async (z, bundle) => {
        const params = QUERIES[key]?.(z, bundle);
        const { data } = await callApi(z, bundle, LIST_ENDPOINTS[key], { params });
        const list = readList(z, spec, data);
        return listResult(z, spec, list, rowIndexesFor(bundle, list, spec));
      },
      canPaginate: true,
      sample: { ...spec.sample },
      outputFields: listOutputFields(spec),
    },
  });
}

export const newItemTriggers = {
  video: newItem('video'),
  pdf: newItem('pdf'),
  image: newItem('image'),
  template: newItem('template'),
  label: newItem('label'),
  automation: newItem('automation'),
  lead: newItem('lead'),
};
