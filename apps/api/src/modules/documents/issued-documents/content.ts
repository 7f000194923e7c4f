/** What an issued document says, as blocks the PDF renderer lays out, and what is recorded about it. */
import type { IssuedDocumentFacts, IssuedDocumentKind } from '@portal/contract';

export type Block =
  /** A number on the left and a date on the right, under the title. */
  | { type: 'meta'; left: string; right: string }
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string; bold?: boolean }
  /** Lines set close together (an address). */
  | { type: 'lines'; lines: string[] }
  /** A two-column table of labels and values. */
  | { type: 'facts'; rows: ReadonlyArray<readonly [label: string, value: string]> }
  | { type: 'numbered'; items: string[] }
  /** Boxes side by side for signatures, each with its caption. */
  | { type: 'signatures'; captions: string[] }
  /** Right-aligned closing lines ("For the Corporation", "Authorised Signatory"). */
  | { type: 'signoff'; lines: string[] }
  /** A table of many rows (a statement's entries): a row never splits across pages, and each page it runs onto
   * repeats the header. `width`s are shares of the page's width. */
  | { type: 'table'; columns: ReadonlyArray<TableColumn>; rows: ReadonlyArray<ReadonlyArray<string>> };

export interface TableColumn {
  label: string;
  width: number;
  align?: 'left' | 'right';
}

export interface DocumentContent {
  kind: IssuedDocumentKind;
  subjectId: string;
  /** Null for a document about no one application (a scheme's result sheet). */
  applicationId: string | null;
  documentNumber: string;
  holderName: string;
  assetCode: string | null;
  /** What the public verify page may show. */
  facts: IssuedDocumentFacts;
  /** The language the words are in. */
  language: string;
  title: string;
  blocks: Block[];
}
