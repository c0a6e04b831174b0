import { StacklessError } from '../errors.js';

/**
 * The store refused a query at once: more queries already wait for its connections
 * than it lets wait. A moment's condition, not a fault: a retry soon may succeed.
 */
export class StoreBusyError extends StacklessError {
  constructor(readonly waiting: number) {
    super(`the data store is saturated: ${waiting} queries wait for a connection`);
  }
}
