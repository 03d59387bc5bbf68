/** The storage `feedback-board serve` runs on. */
import { createMemoryStorage } from '../../adapters/memory/index.js';
import type { Storage } from '../storage/contract.js';

export interface OpenedStorage {
  storage: Storage;
  /** True when the storage holds no data yet (the demo is created only then). */
  fresh: boolean;
  description: string;
}

export async function openStorage(): Promise<OpenedStorage> {
  return { storage: createMemoryStorage(), fresh: true, description: 'memory (the data is gone when the server stops)' };
}
