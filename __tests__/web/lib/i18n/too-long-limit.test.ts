// "Value too long" says its limit in both languages, Persian digits in Persian: a field's message
// from a form's yup rule or from the server's 400 (`errors` + `values`) reaches translate as the ref
// `validation.tooLong?max=N`; a bare id (no limit known) keeps the plain text.
import { createIntl } from 'react-intl';
import { V, messageRef, roleInputSchema } from '../../../../src/contract';
import { translate } from '../../../../src/lib/i18n';
import fa from '../../../../src/app/i18n/lang/fa.json';
import en from '../../../../src/app/i18n/lang/en.json';

const intlFa = createIntl({ locale: 'fa', messages: fa });
const intlEn = createIntl({ locale: 'en', messages: en });

describe('the too-long message', () => {
  it('names the limit of a form rule, in each language\'s digits', () => {
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
