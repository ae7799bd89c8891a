import { l10n, type MessageItem } from 'vscode';

/**
 * A button of a notification or a modal: shown with its localised title and told apart by the object
 * itself (VS Code answers the item chosen), never by its words, so a translation cannot change what it does.
 */
export type Action = Readonly<MessageItem>;
const action = (title: string): Action => ({ title });

export const SET_TOKEN = action(l10n.t('Set API Token'));
export const RETRY = action(l10n.t('Retry'));
export const TRY_AGAIN = action(l10n.t('Try Again'));
export const SAVE_ANYWAY = action(l10n.t('Save Anyway'));
export const OPEN_USER_SETTINGS = action(l10n.t('Open User Settings'));
export const SHOW_LOG = action(l10n.t('Show Log'));
export const RESUME_ALL = action(l10n.t('Resume All'));
export const SHOW_UPLOADS = action(l10n.t('Show Uploads'));
export const COPY_PLAYBACK_ID = action(l10n.t('Copy Playback ID'));
export const SHOW_ASSET = action(l10n.t('Show Asset'));
export const DISCARD = action(l10n.t('Discard'));
export const SHOW = action(l10n.t('Show'));
export const COPY_SECRET = action(l10n.t('Copy Secret'));
export const DISABLE = action(l10n.t('Disable'));
export const DISABLE_INSTEAD = action(l10n.t('Disable Instead'));
export const DELETE = action(l10n.t('Delete'));
export const SUSPEND = action(l10n.t('Suspend'));
export const STOP_LIVE_SESSION = action(l10n.t('Stop Live Session'));
export const ROTATE_KEY = action(l10n.t('Rotate Key…'));
export const CHOOSE_FILE = action(l10n.t('Choose File…'));
export const COPY_TOKEN = action(l10n.t('Copy Token'));
export const COPY_SIGNED_URL = action(l10n.t('Copy Signed Playback URL'));
export const CLOSE_WITHOUT_KEEPING = action(l10n.t('Close Without Keeping'));
export const COPY_PRIVATE_KEY = action(l10n.t('Copy Private Key'));
export const SAVE_TO_FILE = action(l10n.t('Save to File…'));
export const KEEP_IN_SECRET_STORAGE = action(l10n.t('Keep in VS Code’s Secret Storage'));
export const KEEP_TOO = action(l10n.t('Keep in VS Code Too'));
export const SAVE_THERE_ANYWAY = action(l10n.t('Save There Anyway'));
export const CONTINUE_ROTATION = action(l10n.t('Continue Rotation'));
export const SIGN_PLAYBACK_TOKEN = action(l10n.t('Sign Playback Token…'));
export const CREATE_SIGNING_KEY = action(l10n.t('Create Signing Key…'));
export const COPY_STREAM_KEY = action(l10n.t('Copy Stream Key'));
export const COPY_RTMP_URL = action(l10n.t('Copy RTMP URL'));
export const DISCARD_AND_DELETE = action(l10n.t('Discard and Delete Asset'));
export const REMOVE_AND_DELETE = action(l10n.t('Remove and Delete Asset'));
export const DISCARD_KEEP_ASSET = action(l10n.t('Discard, Keep Asset'));
export const REMOVE_KEEP_ASSET = action(l10n.t('Remove, Keep Asset'));
export const CHANGE_PIN = action(l10n.t('Change Pin'));
export const REMOVE = action(l10n.t('Remove'));
export const UNDO = action(l10n.t('Undo'));
export const RESET_LOCAL_STUDIO = action(l10n.t('Reset Local Studio'));
export const UPLOAD = action(l10n.t('Upload'));
