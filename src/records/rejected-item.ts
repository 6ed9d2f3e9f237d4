/** An item the source listed that paperboy refused at the edge. */
export interface RejectedItem {
  /** The id exactly as the source sent it (null if it had none): never used to build a link. */
  sourceId: string | null;
  /** The canonical arXiv id, when the id itself was valid (so `why <id>` can find it). */
  paperId: string | null;
  /** Why, as a clause: "it has no title". */
  reason: string;
}
