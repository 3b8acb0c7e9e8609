// The profile card's read view: the visitor's name, verification, e-mail, phone and address, and the mark of a saved copy.
import type { Profile } from './account-api.ts';

function fullName(p: Profile): string {
  return [p.first_name, p.middle_name, p.last_name].filter((s) => s && s.trim()).join(' ');
}

/** "Saved on this phone — last updated …": the view shows the copy kept on this device, not the server's answer. */
export function SavedMark({ savedAt }: { savedAt: number }) {
  const when = new Date(savedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <p className="saved-mark" role="status">
      Saved on this phone — last updated {when}
    </p>
  );
}

export function ProfileView({ profile }: { profile: Profile }) {
  const hasAddress = Boolean(profile.street_address || profile.city || profile.country);
  const cityLine = [profile.postal_code, profile.city].filter(Boolean).join(' ');
  return (
    <div className="profile-view">
      <div className="profile-heading">
        <h2>{fullName(profile) || profile.email}</h2>
        <span className={`badge ${profile.verified ? 'badge-verified' : 'badge-pending'}`}>{profile.verified ? 'Verified' : 'Pending verification'}</span>
      </div>
      <dl className="profile-details">
        <div>
          <dt>E-mail</dt>
          <dd>{profile.email}</dd>
        </div>
        {profile.phone && (
          <div>
            <dt>Phone</dt>
            <dd>{profile.phone}</dd>
          </div>
        )}
        {hasAddress && (
          <div>
            <dt>Address</dt>
            <dd>
              <address>
                {[profile.street_address, profile.street_address_2, cityLine, profile.state_province, profile.country].filter(Boolean).map((line) => (
                  <span key={line} className="address-line">
                    {line}
                  </span>
                ))}
              </address>
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}
