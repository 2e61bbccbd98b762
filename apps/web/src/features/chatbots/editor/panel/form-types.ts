import type { TFlowBlock, TFlowBlockOf, TFlowBlockType, TFlowDocument } from '@atende/shared';

/** What every block form gets: its block, how to change it, the document, and errors by field. */
export interface TFormProps<T extends TFlowBlock> {
  block: T;
  /** Merges `patch` into the block; `field` makes a burst of typing one undo step. */
  set: (patch: Partial<T>, field?: string) => void;
  doc: TFlowDocument;
  /** Messages of the block's publishing issues, by the block field they are about. */
  errors: Record<string, string>;
  /** Adds a flow variable named `name` and answers its id (fields that pick a variable create one). */
  newVariable?: (name: string) => string;
}

export type TFormOf<K extends TFlowBlockType> = TFormProps<TFlowBlockOf<K>>;
