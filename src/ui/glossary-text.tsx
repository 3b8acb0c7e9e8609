// A text with the glossary's words linked to their entries: a cat's name ("GIC Amberlight's Tiger Lily"), its
// class, an award ("EX1 CACIB", "Top 10 Allbreed Kitten"). An abbreviation is an <abbr> naming what it
// stands for, inside the link, so the text reads as written and the link says where it goes.
import { Link } from 'react-router';
import { paths } from '../../shared/paths.ts';
import { glossarySegments } from './glossary-match.ts';
import './glossary-text.css';

/** `phrases`: also link words written out (classes, awards); a cat's name links its abbreviations only. */
export function GlossaryText({ text, phrases = false }: { text: string; phrases?: boolean }) {
  return (
    <>
      {glossarySegments(text, { phrases }).map((segment, i) =>
        'entry' in segment ? (
          <Link key={i} to={paths.glossary(segment.entry.id)} className="glossary-link">
            {segment.abbreviation && segment.entry.name ? <abbr title={segment.entry.name}>{segment.text}</abbr> : segment.text}
          </Link>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
