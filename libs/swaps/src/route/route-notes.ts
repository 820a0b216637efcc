/** The interface's `notes` is one text: each note a sentence, in the order they were made; '' when none. */
export function joinNotes(notes: readonly string[]): string {
  return notes.map((note) => (/[.!?]$/.test(note) ? note : `${note}.`)).join(' ');
}
