/**
 * The paper sources paperboy is built with, one line each: adding a source is adding its folder under
 * src/sources/ and its line here. The environment schema, `/readyz`, the fetch-age metrics, log redaction
 * and the core's sources derive from this list. The first is the primary source (days, search, trending).
 */
import { arxivModule } from '../sources/arxiv/arxiv-module';
import { hfModule } from '../sources/hf/hf-module';
import type { SourceModule } from '../sources/source-module';

export const paperSourceModules = [hfModule, arxivModule] as const;

/** The list without its literal types, for code that treats every source alike. */
export const anySourceModules: readonly SourceModule[] =
  paperSourceModules as unknown as readonly SourceModule[];
