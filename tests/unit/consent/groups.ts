import { parseGroups } from '../../../runtime/consent/model';

/** The clinic's three cookie groups, as the consent tests read them from the marker. */
export const clinicGroups = parseGroups(
  JSON.stringify([
    { label: 'Necessary', variable: 'privacy_cookie_1' },
    { label: 'Statistics', variable: 'privacy_cookie_2' },
    { label: 'Media', variable: 'privacy_cookie_3' },
  ]),
)!;
