// /breed-finder-quiz: eight questions, then the top breeds ranked from the local mirror (SPEC §2, §4, §9).
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router';
import { db, useMirror, type Breed, type Litter } from '../../data/mirror.ts';
import { QUIZ_QUESTIONS, rankBreeds, type BreedMatch, type QuizAnswers } from '../../lib/quiz.ts';
import { ShowImage } from '../../ui/image.tsx';
import { Empty, ErrorBox, Loading } from '../../ui/states.tsx';
import { paths } from '../../../shared/paths.ts';
import './quiz.css';

interface QuizData {
  breeds: Breed[];
  litters: Litter[];
}

async function loadQuizData(): Promise<QuizData> {
  const [breeds, litters] = await Promise.all([db.breeds.toArray(), db.litters.toArray()]);
  return { breeds, litters };
}

/** Kittens available now per breed id: available male + female over that breed's litters. */
function availableByBreed(litters: Litter[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const l of litters) {
    if (l.breed_id === null) continue;
    counts.set(l.breed_id, (counts.get(l.breed_id) ?? 0) + l.available_male_kittens + l.available_female_kittens);
  }
  return counts;
}

export function QuizPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<QuizAnswers>({});
  const [showResults, setShowResults] = useState(false);
  // The mirror is read from the start, so results are ready the moment the last answer is in.
  const view = useMirror(loadQuizData, [], 'Failed to fetch breeds', (d) => d.breeds.length === 0);

  const question = QUIZ_QUESTIONS[step]!;
  const isLast = step === QUIZ_QUESTIONS.length - 1;
  const chosen = answers[question.trait];

  // Move focus to the new question (or the results) so keyboard and screen-reader users follow along.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    headingRef.current?.focus();
    window.scrollTo({ top: 0 });
  }, [step, showResults]);

  const goTo = (next: number) => {
    moved.current = true;
    setStep(next);
  };
  const back = () => (step === 0 ? navigate('/kittens') : goTo(step - 1));
  const next = () => {
    if (chosen === undefined) return;
    if (isLast) {
      moved.current = true;
      setShowResults(true);
    } else {
      goTo(step + 1);
    }
  };
  const restart = () => {
    moved.current = true;
    setAnswers({});
    setStep(0);
    setShowResults(false);
  };

  if (showResults) {
    return (
      <main className="page quiz">
        <h1 ref={headingRef} tabIndex={-1}>
          Your Purr-fect Matches
        </h1>
        {view.state === 'loading' && <Loading>Loading breeds...</Loading>}
        {view.state === 'error' && <ErrorBox>{view.message}</ErrorBox>}
        {view.state === 'ready' && <QuizResults data={view.data} answers={answers} />}
        <p className="quiz-result-actions">
          <button type="button" onClick={restart}>
            Restart Quiz
          </button>
          <Link to="/breeds" className="button secondary">
            View All Breeds
          </Link>
        </p>
      </main>
    );
  }

  return (
    <main className="page quiz">
      <header className="quiz-header">
        <h1>Breed Finder Quiz</h1>
        <p className="muted">Answer eight quick questions and we'll rank the breeds at the show for you.</p>
      </header>
      <nav aria-label="Quiz progress">
        <ol className="quiz-steps">
          {QUIZ_QUESTIONS.map((q, i) => (
            <li key={q.trait}>
              <button
                type="button"
                className={`quiz-step${i === step ? ' is-current' : ''}${answers[q.trait] !== undefined ? ' is-answered' : ''}`}
                aria-label={`Question ${i + 1}`}
                aria-current={i === step ? 'step' : undefined}
                disabled={i > step}
                onClick={() => goTo(i)}
              >
                {i + 1}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <form
        className="quiz-card"
        onSubmit={(e) => {
          e.preventDefault();
          next();
        }}
      >
        <QuestionFieldset
          key={question.trait}
          step={step}
          chosen={chosen}
          headingRef={headingRef}
          onChoose={(value) => setAnswers((a) => ({ ...a, [question.trait]: value }))}
        />
        <div className="quiz-nav">
          <button type="button" className="secondary" onClick={back}>
            Back
          </button>
          <button type="submit" disabled={chosen === undefined}>
            {isLast ? 'Show me my breed!' : 'Next'}
          </button>
        </div>
      </form>
      {view.state === 'error' && <ErrorBox>{view.message}</ErrorBox>}
    </main>
  );
}

function QuestionFieldset({
  step,
  chosen,
  headingRef,
  onChoose,
}: {
  step: number;
  chosen: number | undefined;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onChoose: (value: number) => void;
}) {
  const question = QUIZ_QUESTIONS[step]!;
  const name = useId();
  return (
    <fieldset className="quiz-question">
      <legend>
        <span className="quiz-progress">
          Question {step + 1} of {QUIZ_QUESTIONS.length}
        </span>
        <h2 ref={headingRef} tabIndex={-1}>
          {question.text}
        </h2>
      </legend>
      <div className="quiz-options">
        {question.options.map((o) => (
          <label key={o.value} className={`quiz-option${chosen === o.value ? ' is-chosen' : ''}`}>
            <input type="radio" name={name} value={o.value} checked={chosen === o.value} onChange={() => onChoose(o.value)} />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function QuizResults({ data, answers }: { data: QuizData; answers: QuizAnswers }) {
  const matches = rankBreeds(data.breeds, answers);
  const kittens = availableByBreed(data.litters);
  if (matches.length === 0) return <Empty>No breeds to compare yet</Empty>;
  return (
    <>
      <p className="muted">The {matches.length} breeds closest to your answers, best match first.</p>
      <ol className="quiz-results">
        {matches.map((m, i) => (
          <ResultCard key={m.breed.id} match={m} rank={i + 1} kittens={kittens.get(m.breed.id) ?? 0} />
        ))}
      </ol>
    </>
  );
}

function ResultCard({ match, rank, kittens }: { match: BreedMatch<Breed>; rank: number; kittens: number }) {
  const { breed } = match;
  const href = paths.breed(breed.universal_breed_abbreviation);
  return (
    <li className="quiz-result card">
      <ShowImage path={breed.overview_image} alt="" width={80} height={80} size="tile" className="quiz-result-image" />
      <div className="quiz-result-body">
        <div className="quiz-result-head">
          <h2>
            <span className="quiz-rank">{rank}.</span>{' '}
            <Link to={href} className="quiz-result-name">
              {breed.breed_name}
            </Link>
          </h2>
          <span className="quiz-match">{match.percentage}% match</span>
        </div>
        <div className="quiz-meter" aria-hidden="true">
          <span style={{ width: `${match.percentage}%` }} />
        </div>
        {match.snippet && <p className="quiz-snippet">{match.snippet}</p>}
        <dl className="quiz-traits">
          <div>
            <dt>Activity</dt>
            <dd>{breed.activity_level ?? '—'}</dd>
          </div>
          <div>
            <dt>Grooming</dt>
            <dd>{breed.grooming_level ?? '—'}</dd>
          </div>
          <div>
            <dt>Vocality</dt>
            <dd>{breed.vocality ?? '—'}</dd>
          </div>
        </dl>
        <p className="quiz-kittens">
          {kittens > 0 ? (
            <>
              {kittens} {kittens === 1 ? 'kitten' : 'kittens'} available now — <Link to="/kittens">see litters</Link>
            </>
          ) : (
            <span className="muted">No kittens available right now</span>
          )}
        </p>
      </div>
    </li>
  );
}
