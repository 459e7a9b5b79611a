import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { mailSettingsFrom } from '../mail-settings';
import { notificationSettingsView } from '../views';

export const handler = userRoute({}, async ({ user }) => success(notificationSettingsView(mailSettingsFrom(user))));
