import { joinNotes } from './route-notes';

describe('joinNotes', () => {
  it('makes one text of the notes, each a sentence, in order', () => {
    expect(
      joinNotes(['A transaction reverted (0xab); this one may be sent again', 'Valid until 12:00.']),
    ).toBe('A transaction reverted (0xab); this one may be sent again. Valid until 12:00.');
  });

  it('is empty without notes', () => {
    expect(joinNotes([])).toBe('');
  });
});
