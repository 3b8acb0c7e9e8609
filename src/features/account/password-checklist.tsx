// The live checklist of SPEC §5's password requirements, shown under the register and reset passwords.
import { passwordChecklist, type PasswordRule } from '../../../shared/password.ts';

export function PasswordChecklist({ id, password, rule }: { id: string; password: string; rule: PasswordRule }) {
  const items = passwordChecklist(password, rule);
  return (
    <ul id={id} className="password-checklist" aria-label="Password requirements">
      {items.map((item) => (
        <li key={item.requirement} className={item.met ? 'met' : 'unmet'} data-met={item.met}>
          <span aria-hidden="true">{item.met ? '✓' : '○'}</span> {item.label}
          <span className="visually-hidden">{item.met ? ' (met)' : ' (not met)'}</span>
        </li>
      ))}
    </ul>
  );
}
