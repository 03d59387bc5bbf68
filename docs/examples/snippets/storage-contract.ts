import type { Storage, StorageTx } from 'feedback-board';

/** Everything a board needs from its storage. */
export interface StorageShape {
  transaction<T>(mode: 'read' | 'write', fn: (tx: StorageTx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// The shape above is exactly the exported `Storage`, both ways round.
export const sameShape: [StorageShape, Storage] = [{} as Storage, {} as StorageShape];
