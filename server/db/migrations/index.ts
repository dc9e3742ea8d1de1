import type { Migration } from '../migrator.ts';
import { leads } from './0001-leads.ts';
import { mailOutbox } from './0002-mail-outbox.ts';

/** Every migration, in order. Append new ones; never edit one that has shipped. */
export const migrations: readonly Migration[] = [leads, mailOutbox];
