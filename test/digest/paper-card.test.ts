import { describe, expect, it } from 'vitest';
import { ansiStyle, plainStyle, renderCard, renderHeader } from '../../adapters/console/console-render';
import { digestHeader } from '../../src/digest/digest-plan';
import { authorsLine, toPaperCard } from '../../src/digest/paper-card';
import { normalizeHfDailyItem } from '../../src/sources/hf/hf-normalize';
import { informativeSentence } from '../../src/text/informative-sentence';
import { oct25Batch } from '../support/fixtures';
import { makePaper } from '../support/papers';

const card = (id: string) => {
  const item = oct25Batch().find((candidate) => candidate.paper.id === id);
  if (!item) throw new Error(`fixture has no ${id}`);
  return toPaperCard(normalizeHfDailyItem(item as never, 'https://huggingface.co', '2024-10-25'));
};

describe('paper cards', () => {
  it('without an AI summary, shows the sentence that says what the paper does, not the scene-setting first one', () => {
    const summary = card('2410.18538').summary;
    expect(summary).not.toContain('Segmenting an object in a video presents significant challenges');
    expect(summary).toMatch(/\bwe (address|demonstrate)\b/i);
    expect(
      informativeSentence(
        'Short. We propose a method that reduces memory use by 90% on every benchmark.',
        300,
      ),
    ).toBe('We propose a method that reduces memory use by 90% on every benchmark.');
    const plain =
      'A survey of the field covering many methods and their trade-offs in depth. It has no cue words at all.';
    expect(informativeSentence(plain, 300)).toBe(
      'A survey of the field covering many methods and their trade-offs in depth.',
    );
  });

  it('says how many more authors there are instead of "et al."', () => {
    expect(authorsLine(['A', 'B', 'C'])).toBe('A, B, C');
    expect(authorsLine(['A', 'B', 'C', 'D', 'E'])).toBe('A, B, C +2 more');
  });

  it('carries the figure or video, submitter, discussion link and arXiv date from the listing', () => {
    const top = card('2410.17243');
    expect(top.media).toEqual({
      kind: 'image',
      url: 'https://cdn-uploads.huggingface.co/production/uploads/65b2529285b6c21448a10d65/mw9sCBrGyt97zD4dXEem1.png',
    });
    expect(top).toMatchObject({
      submittedBy: 'Zesen Cheng',
      discussionUrl: 'https://huggingface.co/papers/2410.17243#community',
      arxivDate: '2024-10-22',
    });
    expect(card('2410.18977').media?.kind).toBe('video');
  });

  it('renders all of it in the console, and unknown comments as unknown', () => {
    const text = renderCard(card('2410.17243'), plainStyle);
    expect(text).toContain('+6 more');
    expect(text).toContain('arXiv 2024-10-22 · submitted by Zesen Cheng');
    expect(text).toContain('Figure https://cdn-uploads.huggingface.co/');
    expect(text).toContain('Discussion https://huggingface.co/papers/2410.17243#community');
    expect(renderCard(toPaperCard(makePaper('2411.00001', { numComments: null })), plainStyle)).toContain(
      '💬 unknown',
    );
    const header = renderHeader(digestHeader('2024-10-25', 10, 29), ansiStyle);
    expect(header).toContain('Daily Papers — Fri 25 Oct · top 10 of 29');
    expect(header).toContain('all 29 of the day: https://huggingface.co/papers/date/2024-10-25');
  });
});
