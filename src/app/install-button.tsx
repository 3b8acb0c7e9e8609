// "Install app": shown only while the browser offers installation (Chromium's beforeinstallprompt).
import { promptInstall, usePwa } from './pwa.ts';

export function InstallButton() {
  const canInstall = usePwa((s) => s.canInstall);
  if (!canInstall) return null;
  return (
    <button type="button" className="install-button" onClick={() => void promptInstall()}>
      Install app
    </button>
  );
}
