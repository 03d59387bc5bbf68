/**
 * Opening the database at a schema version, upgrading it on the way.
 *
 * This is idb's `openDB(name, version, { upgrade, blocked })` made on a given factory: idb's
 * `openDB` always opens through the global `indexedDB`, so the request is made here and the
 * database and upgrade transaction are wrapped with idb's `wrap`.
 */
import { wrap, type IDBPDatabase } from 'idb';
import { IndexedDbStorageError, isDomError } from './errors.js';
import type { UpgradeTransaction } from './build-aggregates.js';
import { createNewDatabase, SCHEMA_VERSION } from './schema.js';

type UpgradeSteps = typeof import('./upgrade-steps.js');

/** The upgrade steps, once an open has needed them (see {@link openFeedbackDatabase}). */
let upgradeSteps: UpgradeSteps | undefined;

/** What an open that needs the upgrade steps before they are loaded aborts with, to load them and open again. */
const STEPS_NOT_LOADED = Symbol('upgrade steps not loaded');

export interface OpenRequest {
  factory: IDBFactory;
  name: string;
  version: number;
  /** How long an upgrade may wait for older connections to close before it fails. */
  blockedTimeoutMs: number;
}

/**
 * Opens `name` at `version`, running the upgrade steps a database below it lacks.
 *
 * Failures: {@link IndexedDbStorageError} `version_too_new` when the database is at a higher
 * version (IndexedDB's VersionError); `upgrade_blocked` when another connection to an older
 * version stays open for `blockedTimeoutMs` after being asked to close. A blocked open that
 * completes after that is closed at once. An error thrown by an upgrade step aborts the upgrade,
 * which leaves the database as it was, and is the rejection.
 *
 * A new database at the newest version is made at once from the declaration. An older one needs
 * the upgrade steps, which are loaded on first need: the open that finds one aborts its upgrade
 * (leaving the database as it was), loads them and opens again.
 */
export async function openFeedbackDatabase(request: OpenRequest): Promise<IDBPDatabase> {
  try {
    return await openOnce(request, upgradeSteps);
  } catch (error) {
    if (error !== STEPS_NOT_LOADED) throw error;
    upgradeSteps = await import('./upgrade-steps.js');
    return openOnce(request, upgradeSteps);
  }
}

function openOnce(request: OpenRequest, steps: UpgradeSteps | undefined): Promise<IDBPDatabase> {
  const { factory, name, version, blockedTimeoutMs } = request;
  return new Promise((resolve, reject) => {
    let settled = false;
    let blockedTimer: ReturnType<typeof setTimeout> | undefined;
    let upgradeError: { error: unknown } | undefined;
    const settle = (outcome: () => void): void => {
      clearTimeout(blockedTimer);
      if (settled) return;
      settled = true;
      outcome();
    };

    let open: IDBOpenDBRequest;
    try {
      open = factory.open(name, version);
    } catch (error) {
      reject(error);
      return;
    }

    open.addEventListener('upgradeneeded', (event) => {
      const tx = open.transaction;
      if (tx === null) return;
      const newVersion = event.newVersion ?? version;
      try {
        if (event.oldVersion === 0 && newVersion === SCHEMA_VERSION) createNewDatabase(wrap(open.result), wrap(tx) as unknown as UpgradeTransaction);
        else if (steps !== undefined) steps.runUpgradeSteps(wrap(open.result), wrap(tx) as unknown as UpgradeTransaction, event.oldVersion, newVersion);
        else throw STEPS_NOT_LOADED;
      } catch (error) {
        upgradeError = { error };
        tx.abort();
      }
    });
    open.addEventListener('blocked', (event) => {
      blockedTimer ??= setTimeout(() => {
        settle(() =>
          reject(
            new IndexedDbStorageError(
              'upgrade_blocked',
              `the database "${name}" is open at version ${event.oldVersion} elsewhere (another tab or window) and was not closed, so it cannot be upgraded to version ${version}; close the other tabs of this application and try again`,
            ),
          ),
        );
      }, blockedTimeoutMs);
    });
    open.addEventListener('success', () => {
      const db = open.result;
      if (settled) {
        db.close();
        return;
      }
      settle(() => resolve(wrap(db)));
    });
    open.addEventListener('error', () => {
      settle(() => reject(openError(open.error, upgradeError, name, version)));
    });
  });
}

function openError(
  error: DOMException | null,
  upgradeError: { error: unknown } | undefined,
  name: string,
  version: number,
): unknown {
  if (upgradeError !== undefined) return upgradeError.error;
  if (isDomError(error, 'VersionError')) {
    return new IndexedDbStorageError(
      'version_too_new',
      `the database "${name}" has a newer schema than version ${version}, the newest this code knows: a newer version of the application upgraded it (perhaps in another tab); reload to run the newer code`,
      { cause: error },
    );
  }
  return error ?? new Error(`feedback-board/indexeddb: opening the database "${name}" failed`);
}
