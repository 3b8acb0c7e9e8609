// The privacy policy's sections: their anchors and titles (the page's contents list), and the titled section.
import type { ReactNode } from 'react';

export const PRIVACY_SECTIONS = [
  ['collection', 'Collection and use of information'],
  ['data', 'Data we collect'],
  ['legal-basis', 'Legal basis for processing'],
  ['rights', 'Your rights'],
  ['retention', 'Data retention'],
  ['security', 'Security'],
  ['transfers', 'International transfers'],
  ['cookies', 'Cookies and storage on your device'],
  ['changes', 'Changes to this policy'],
  ['contact', 'Contact'],
] as const;
type PrivacySectionId = (typeof PRIVACY_SECTIONS)[number][0];

/** A section of the policy, titled from PRIVACY_SECTIONS; its heading is the contents list's anchor. */
export function PrivacySection({ id, children }: { id: PrivacySectionId; children: ReactNode }) {
  const title = PRIVACY_SECTIONS.find(([key]) => key === id)![1];
  return (
    <section aria-labelledby={`privacy-${id}`}>
      <h2 id={`privacy-${id}`}>{title}</h2>
      {children}
    </section>
  );
}
