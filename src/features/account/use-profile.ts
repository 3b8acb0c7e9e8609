// The signed-in visitor's users row for /profile: the copy saved on this device at once, then the server's.
import { useEffect, useState } from 'react';
import { loadProfile, savedProfile, type Profile } from './account-api.ts';
import { failureText } from './messages.ts';
import { PROFILE_FIELDS, type ProfileField } from './profile-fields.ts';

/** An empty profile for a signed-in visitor whose row is missing (SPEC §7 tolerates "no rows"). */
function emptyProfile(email: string): Profile {
  return { email, verified: false, ...(Object.fromEntries(PROFILE_FIELDS.map((k) => [k, null])) as Record<ProfileField, null>) };
}

export function useProfile(email: string | null, userId: string | null) {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  /** When the copy on view was saved on this device; null once the server's row is on view. */
  const [savedAt, setSavedAt] = useState<number | null>(null);

  useEffect(() => {
    if (!email || !userId) return;
    // `fresh`: the server's row has arrived, and a saved copy read later must not replace it.
    const run = { live: true, fresh: false };
    void savedProfile(email, userId).then((saved) => {
      if (!run.live || run.fresh || !saved) return;
      setProfile(saved.profile);
      setSavedAt(saved.savedAt);
    });
    void loadProfile(email, userId).then(
      (row) => {
        if (!run.live) return;
        run.fresh = true;
        setLoadError(null);
        setSavedAt(null);
        setProfile(row ?? emptyProfile(email));
      },
      // Shown only when there is no saved copy either.
      (err: unknown) => run.live && setLoadError(failureText(err, 'Failed to load profile data')),
    );
    return () => {
      run.live = false;
    };
  }, [email, userId]);

  return { profile, setProfile, loadError, savedAt, setSavedAt };
}
