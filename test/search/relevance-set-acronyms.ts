/**
 * The acronym set (issue 26): 70 queries over real papers from fields no other fixture covers (chemistry and materials
 * ML, networking, compilers, cryptography, hardware, economics and econometrics, education, HCI,
 * astronomy), built before any acronym work was tuned on it, to measure whether acronym handling
 * generalises to acronyms the search never saw.
 *
 * Corpus: test/fixtures/relevance-corpus-acronyms.json (57 papers: real titles, authors as the papers write
 * them, organisations, abstracts faithful to the papers in our own words) beside the 236 papers of
 * relevance-corpus-independent.json as distractors. Ids are arXiv ids where known; papers that are not on
 * arXiv have an invented id of the right shape. The acronyms appear as real papers write them: defined as
 * "long form (SHORT)" (MPNNs, DCTCP), spelled out only (a title "Deep Knowledge Tracing", "Tensor Processing
 * Unit" with no "(TPU)"), the acronym only (QUIC, FPGA, DRAM), defined backwards ("NASA-TLX (Task Load
 * Index)"), and with two meanings in the corpus (GMM, VAR/VaR, MPC, RDD, IR).
 *
 * Every label came from reading the papers (and grepping the distractor corpus for the acronym and its long
 * forms), never from any search output. Half the queries are held out, chosen by a hash of the query text: whoever tunes the search must never look at them or their results until the tuning is
 * done; `npm run bench:relevance` prints them only with `--reveal-held-out`.
 */
import { createHash } from 'node:crypto';

export type AcronymCategory =
  | 'defined'
  | 'spelled'
  | 'only'
  | 'plural'
  | 'lowercase'
  | 'ambiguous'
  | 'longform';

export const acronymCategories: AcronymCategory[] = [
  'defined',
  'spelled',
  'only',
  'plural',
  'lowercase',
  'ambiguous',
  'longform',
];

export interface AcronymQuery {
  category: AcronymCategory;
  query: string;
  /** Papers of the combined corpus a reader would count as a good answer. */
  relevant: string[];
  heldOut: boolean;
}

const raw: Record<AcronymCategory, Array<[string, string[]]>> = {
  // Some paper of the corpus writes "long form (SHORT)".
  defined: [
    ['MPNN', ['1704.01212']],
    ['CGCNN', ['1710.10324']],
    ['DCTCP', ['1701.94210']],
    ['LWE', ['1111.94226', '0501.94227']],
    ['MCMC sampler', ['1202.3665']],
    ['CMB anisotropies', ['1807.06209']],
    ['zk-SNARKs', ['1405.94228']],
    ['ECN marking', ['1701.94210']],
    ['PFC deadlock', ['1608.94217']],
    ['SMILES strings', ['1905.13741', '1610.02415']],
    ['LIGO', ['1602.03837']],
    ['ISA', ['1405.94236']],
    ['TLX workload', ['8801.94248']],
    ['BIC congestion control', ['0805.94215']],
  ],
  // The relevant papers spell the long form out; none (or only some) write "(SHORT)" after it.
  spelled: [
    ['FHE', ['0905.94225', '1111.94226']],
    ['TPU', ['1704.04760']],
    ['SSA form', ['9110.94219', '0403.94218']],
    ['DKT', ['1506.05908']],
    ['BKT', ['9412.94244', '1506.05908']],
    ['JIT compilation', ['0906.94221']],
    ['BBH merger', ['1602.03837']],
    ['DSL for image processing', ['1207.94220']],
    ['DiD', ['0402.94241']],
    ['ITS', ['9504.94246', '9412.94244']],
    ['SDN', ['1312.94213', '1308.94212', '0803.94211']],
    ['SUS', ['9601.94247']],
  ],
  // The papers use the acronym and never expand it.
  only: [
    ['QUIC', ['1708.94214']],
    ['FPGA', ['1406.94233']],
    ['DRAM', ['1406.94235']],
    ['RDMA', ['1608.94217']],
    ['DSGE', ['0701.94243']],
    ['MOOC', ['1306.94245']],
    ['TCP congestion control', ['0805.94215', '1308.94216', '1701.94210', '1610.97040']],
    ['RSA', ['7802.94224', '0711.9084']],
  ],
  plural: [
    ['FPGAs', ['1406.94233']],
    ['TPUs', ['1704.04760']],
    ['MPNNs', ['1704.01212']],
    ['GMMs', ['0001.94238']],
    ['VARs', ['8001.94239']],
    ['MOOCs', ['1306.94245']],
    ['DSLs', ['1207.94220']],
    ['CNN accelerators', ['1606.94232', '1704.04760']],
  ],
  // Typed in lower case, as people type into a search box.
  lowercase: [
    ['dctcp', ['1701.94210']],
    ['tpu inference', ['1704.04760']],
    ['fhe', ['0905.94225', '1111.94226']],
    ['mcmc', ['1202.3665']],
    ['cmb', ['1807.06209']],
    ['quic', ['1708.94214']],
    ['rdma', ['1608.94217']],
    ['dkt', ['1506.05908']],
    ['lwe', ['1111.94226', '0501.94227']],
    ['sdn', ['1312.94213', '1308.94212', '0803.94211']],
    ['ssa', ['9110.94219', '0403.94218']],
  ],
  // The acronym has two meanings in the corpus; the query's other word says which.
  ambiguous: [
    ['GMM speaker verification', ['0001.94238']],
    ['GMM econometrics', ['8207.94237']],
    ['VaR quantile regression', ['0409.94240']],
    ['VAR impulse responses', ['8001.94239']],
    ['MPC stability', ['0006.94231']],
    ['MPC secure protocol', ['1111.94230', '8211.94229']],
    ['RDD spark', ['1212.8807']],
    ['RDD treatment effects', ['1006.94242']],
    ['IR compiler', ['2002.11054', '1906.94222', '0403.94218']],
    ['AR headsets', ['9708.94249']],
  ],
  // The long form typed, where some relevant paper writes only the acronym.
  longform: [
    ['static single assignment', ['9110.94219', '0403.94218']],
    ['software defined networking', ['1312.94213', '1308.94212', '0803.94211']],
    ['markov chain monte carlo', ['1202.3665']],
    ['dynamic stochastic general equilibrium', ['0701.94243']],
    ['vector autoregression', ['8001.94239']],
    ['value at risk', ['0409.94240']],
    ['multi-party computation', ['1111.94230', '8211.94229']],
  ],
};

const hash = (query: string) => createHash('sha256').update(query).digest('hex');

/**
 * Within each category the queries are ordered by the SHA-256 of their text and every second one is held
 * out: deterministic, half of each category, and blind to the labels and to any search output.
 */
export const relevanceSetAcronyms: AcronymQuery[] = acronymCategories.flatMap((category) => {
  const order = raw[category].map(([query]) => query).sort((a, b) => hash(a).localeCompare(hash(b)));
  return raw[category].map(([query, relevant]) => ({
    category,
    query,
    relevant,
    heldOut: order.indexOf(query) % 2 === 1,
  }));
});
