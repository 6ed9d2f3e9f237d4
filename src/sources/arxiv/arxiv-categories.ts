/**
 * arXiv's category taxonomy (arxiv.org/category_taxonomy), so a subscription to a category arXiv does not
 * have is refused when it is made, with what is expected, instead of failing each evening at the feed.
 */

const withSubjects: Record<string, string> = {
  cs: 'AI AR CC CE CG CL CR CV CY DB DC DL DM DS ET FL GL GR GT HC IR IT LG LO MA MM MS NA NE NI OH OS PF PL RO SC SD SE SI SY',
  math: 'AC AG AP AT CA CO CT CV DG DS FA GM GN GR GT HO IT KT LO MG MP NA NT OA OC PR QA RA RT SG SP ST',
  stat: 'AP CO ME ML OT TH',
  eess: 'AS IV SP SY',
  econ: 'EM GN TH',
  'q-bio': 'BM CB GN MN NC OT PE QM SC TO',
  'q-fin': 'CP EC GN MF PM PR RM ST TR',
  'astro-ph': 'CO EP GA HE IM SR',
  'cond-mat': 'dis-nn mes-hall mtrl-sci other quant-gas soft stat-mech str-el supr-con',
  nlin: 'AO CD CG PS SI',
  physics:
    'acc-ph ao-ph app-ph atm-clus atom-ph bio-ph chem-ph class-ph comp-ph data-an ed-ph flu-dyn gen-ph geo-ph hist-ph ins-det med-ph optics plasm-ph pop-ph soc-ph space-ph',
};

/** Archives that are a category themselves (`hep-th`, `quant-ph`). */
const standalone = [
  'gr-qc',
  'hep-ex',
  'hep-lat',
  'hep-ph',
  'hep-th',
  'math-ph',
  'nucl-ex',
  'nucl-th',
  'quant-ph',
];

const known = new Map<string, string>();
for (const [archive, subjects] of Object.entries(withSubjects))
  for (const subject of subjects.split(' '))
    known.set(`${archive}.${subject}`.toLowerCase(), `${archive}.${subject}`);
for (const archive of standalone) known.set(archive, archive);

/** `cs.ro` → `cs.RO`: the category as arXiv writes it, or null when arXiv has no such category. */
export function canonicalCategory(text: string): string | null {
  return known.get(text.trim().toLowerCase()) ?? null;
}

/** Why `text` is not a category, in words that say what is expected. */
export function categoryProblem(text: string): string {
  const archive = text.trim().split('.')[0]?.toLowerCase() ?? '';
  const subjects =
    withSubjects[Object.keys(withSubjects).find((name) => name.toLowerCase() === archive) ?? ''];
  if (!/^[a-z-]+(\.[a-z-]+)?$/i.test(text.trim()))
    return `"${text}" is not an arXiv category; categories look like cs.RO, cs.LG or hep-th`;
  if (subjects) {
    const some = subjects
      .split(' ')
      .slice(0, 6)
      .map((subject) => `${archive}.${subject}`);
    return `arXiv has no category "${text}"; ${archive} has ${some.join(', ')}… (see arxiv.org/category_taxonomy)`;
  }
  return `"${text}" is not an arXiv category; categories look like cs.RO, cs.LG, math.OC or hep-th (see arxiv.org/category_taxonomy)`;
}

/** The archive a category belongs to (`cs` for `cs.RO`), for arXiv's listing pages. */
export const listingUrl = (category: string) => `https://arxiv.org/list/${category}/new`;
