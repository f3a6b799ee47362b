// A table's storage in a cluster, watched: a write refused because another process took the table
// (GOROD_FENCED, a newer fencing number) also tells the hub, which stops running the table at once.
import type { Storage } from './storage.js';

/** `storage` whose refused writes (GOROD_FENCED) also call `fenced` (the table's owner changed). */
export function onFenced(storage: Storage, fenced: () => void): Storage {
  const watch =
    <A extends unknown[]>(write: (...a: A) => Promise<void>) =>
    (...a: A): Promise<void> =>
      write(...a).catch((e: unknown) => {
        if ((e as { code?: unknown } | null)?.code === 'GOROD_FENCED') fenced();
        throw e;
      });
  return Object.assign(Object.create(storage) as Storage, {
    updateTable: watch(storage.updateTable.bind(storage)),
    setDeadline: watch(storage.setDeadline.bind(storage)),
    appendCommand: watch(storage.appendCommand.bind(storage)),
    undoCommand: watch(storage.undoCommand.bind(storage)),
  });
}

