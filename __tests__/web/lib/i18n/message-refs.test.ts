// Messages that name their numbers, in both languages with Persian digits in Persian: "value too
// long" with its limit (a form's yup rule or the server's 400 `errors` + `values` reach translate as
// the ref `validation.tooLong?max=N`; a bare id keeps the plain text), and a sign-in lock with its
// minutes, through react-intl and through the sign-in page's plain texts alike.
import { createIntl } from 'react-intl';
import { V, messageRef, roleInputSchema } from '../../../../src/contract';
import { translate } from '../../../../src/lib/i18n';
import { plainText } from '../../../../src/lib/i18n/plain-text';
import { errorMessageId } from '../../../../src/lib/api/errors';
import fa from '../../../../src/app/i18n/lang/fa.json';
import en from '../../../../src/app/i18n/lang/en.json';

const intlFa = createIntl({ locale: 'fa', messages: fa });
const intlEn = createIntl({ locale: 'en', messages: en });

describe('the too-long message', () => {
  it("names the limit of a form rule, in each language's digits", () => {
    let message = '';
    try {
      roleInputSchema.validateSync({ name: 'x'.repeat(51), pName: 'پشتیبان' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toBe(messageRef(V.tooLong, { max: 50 }));
    expect(translate(intlEn, message)).toBe('The value is too long: at most 50 characters');
    expect(translate(intlFa, message)).toBe('مقدار وارد شده بیش از حد طولانی است؛ حداکثر ۵۰ نویسه');
  });

  it('reads plainly when no limit is known, and leaves other text alone', () => {
    expect(translate(intlEn, V.tooLong)).toBe('The value is too long');
    expect(translate(intlEn, 'not an id?max=3')).toBe('not an id?max=3');
  });
});

describe('the sign-in lock message', () => {
  const locked = errorMessageId({ status: 429, message: 'x', code: 'RATE_LIMITED', retryAfterMinutes: 15 });

  it('says the minutes left in each language', () => {
    expect(translate(intlEn, locked)).toBe('Sign-in is locked after too many failed attempts. Try again in 15 min.');
    expect(translate(intlFa, locked)).toBe('ورود به‌دلیل تلاش‌های ناموفق قفل شده است. لطفا ۱۵ دقیقه دیگر دوباره تلاش کنید');
    expect(plainText(en, locked, undefined, 'en')).toBe('Sign-in is locked after too many failed attempts. Try again in 15 min.');
    expect(plainText(fa, locked, undefined, 'fa')).toBe('ورود به‌دلیل تلاش‌های ناموفق قفل شده است. لطفا ۱۵ دقیقه دیگر دوباره تلاش کنید');
  });

  it('falls back to the general wait when the server gives no minutes', () => {
    expect(errorMessageId({ status: 429, message: 'x', code: 'RATE_LIMITED' })).toBe('common.error.rateLimited');
  });

  it('reads pre-parsed messages (the production build) with Persian digits too', () => {
    const parsed = {
      'common.error.lockedFor': [
        { type: 0, value: 'صبر کنید: ' },
        { type: 2, value: 'minutes' },
        { type: 0, value: ' دقیقه' },
      ],
    };
    expect(plainText(parsed, locked, undefined, 'fa')).toBe('صبر کنید: ۱۵ دقیقه');
  });
});
