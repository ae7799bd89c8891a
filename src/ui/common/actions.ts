import { l10n } from 'vscode';

// The buttons of notifications and modals: offered with these words (localised) and told apart by
// the same constant, never by comparing with a label typed again.
export const SET_TOKEN = l10n.t('Set API Token');
export const RETRY = l10n.t('Retry');
export const TRY_AGAIN = l10n.t('Try Again');
export const SAVE_ANYWAY = l10n.t('Save Anyway');
export const OPEN_USER_SETTINGS = l10n.t('Open User Settings');
export const SHOW_LOG = l10n.t('Show Log');
export const RESUME_ALL = l10n.t('Resume All');
export const SHOW_UPLOADS = l10n.t('Show Uploads');
export const COPY_PLAYBACK_ID = l10n.t('Copy Playback ID');
export const SHOW_ASSET = l10n.t('Show Asset');
export const DISCARD = l10n.t('Discard');
export const SHOW = l10n.t('Show');
export const COPY_SECRET = l10n.t('Copy Secret');
export const DISABLE = l10n.t('Disable');
export const DISABLE_INSTEAD = l10n.t('Disable Instead');
export const DELETE = l10n.t('Delete');
export const SUSPEND = l10n.t('Suspend');
export const STOP_LIVE_SESSION = l10n.t('Stop Live Session');
export const ROTATE_KEY = l10n.t('Rotate Key…');
export const CHOOSE_FILE = l10n.t('Choose File…');
export const COPY_TOKEN = l10n.t('Copy Token');
export const COPY_SIGNED_URL = l10n.t('Copy Signed Playback URL');
export const CLOSE_WITHOUT_KEEPING = l10n.t('Close Without Keeping');
export const COPY_PRIVATE_KEY = l10n.t('Copy Private Key');
export const SAVE_TO_FILE = l10n.t('Save to File…');
export const KEEP_IN_SECRET_STORAGE = l10n.t('Keep in VS Code’s Secret Storage');
export const KEEP_TOO = l10n.t('Keep in VS Code Too');
export const SAVE_THERE_ANYWAY = l10n.t('Save There Anyway');
export const CONTINUE_ROTATION = l10n.t('Continue Rotation');
export const SIGN_PLAYBACK_TOKEN = l10n.t('Sign Playback Token…');
export const CREATE_SIGNING_KEY = l10n.t('Create Signing Key…');
export const COPY_STREAM_KEY = l10n.t('Copy Stream Key');
export const COPY_RTMP_URL = l10n.t('Copy RTMP URL');
export const DISCARD_AND_DELETE = l10n.t('Discard and Delete Asset');
export const REMOVE_AND_DELETE = l10n.t('Remove and Delete Asset');
