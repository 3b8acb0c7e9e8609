// The visible texts of the console's catalogue section and of the pen cards, in one place the tests import;
// a cat's words (Absent, its pen, the facts' names) are the catalogue's own (ui/catalogue-texts.ts).
import { CATALOGUE_TEXTS } from '../../ui/catalogue-texts.ts';

export const CATALOGUE_CONSOLE_TEXTS = {
  title: 'Catalogue',
  empty: 'This event’s catalogue has no entries yet. Import them first (npm run show -- import).',
  numberLabel: 'Catalogue number',
  numberHint: 'As printed: 52, or 52A for a late entry.',
  notANumber: 'A catalogue number is digits, with a letter for a late entry (52A).',
  numberMissing: (number: string) => `There is no number ${number} in this event’s catalogue.`,
  absent: CATALOGUE_TEXTS.absent,
  present: 'Present',
  pen: CATALOGUE_TEXTS.pen,
  noPen: CATALOGUE_TEXTS.noPen,
  changeGroup: (name: string) => `Change ${name}`,
  markAbsent: 'Mark absent',
  markPresent: 'Mark present',
  markAbsentLabel: (name: string) => `Mark ${name} absent`,
  markPresentLabel: (name: string) => `Mark ${name} present`,
  penLabel: 'Move to pen',
  move: 'Move',
  moveLabel: (name: string, pen: string) => `Move ${name} to pen ${pen}`,
  clearPenLabel: (name: string, pen: string) => `Take ${name} out of pen ${pen}`,
  samePen: (name: string, pen: string | null) => (pen === null ? `${name} has no pen already.` : `${name} is in pen ${pen} already.`),

  penCards: {
    title: 'Pen cards',
    intro: 'One card per cat for its pen, four to an A4 sheet. The QR code opens the cat’s page in the app, with its star and “Vote for this cat”.',
    sectionLabel: 'Cards for',
    wholeShow: 'The whole show',
    print: 'Print',
    count: (cards: number, sheets: number) => `${cards} ${cards === 1 ? 'card' : 'cards'} on ${sheets} A4 ${sheets === 1 ? 'sheet' : 'sheets'}`,
    qrLabel: (number: string, name: string) => `QR code: the page of ${number} ${name}`,
    loading: 'Loading the catalogue…',
    facts: CATALOGUE_TEXTS.facts,
  },
} as const;
