/**
 * The conformance page: the storage conformance suite on the IndexedDB adapter, in the page's
 * own IndexedDB, run by the in-page harness. Loaded as a module by `conformance.html`.
 */
import { createIndexedDbStorage } from '../../../../adapters/indexeddb/index.js';
import { createHarness } from '../../../helpers/browser-harness.js';
import { defineBrowserConformance, type PageGlobals } from '../page-api.js';

const harness = createHarness();
defineBrowserConformance(harness.api, (name) => createIndexedDbStorage({ name }));

const page = globalThis as PageGlobals;
page.conformance = {
  run: () => harness.run((result) => void page.reportResult?.(result)),
};
