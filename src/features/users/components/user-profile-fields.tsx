// The profile fields shared by "new user" and "edit user" (docs/product.md §5): Persian-only name and family,
// English-only English name and family, technical values (email, mobile, website) typed left to
// right, free text for address and about, sex and birthdate.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { SEX } from '@/contract';
import { DateField, EnglishTextField, PersianTextField, SelectField, TextInput } from '@/components/form';

export const SEX_OPTIONS = [
  { value: SEX.male, labelId: 'users.sex.male' },
  { value: SEX.female, labelId: 'users.sex.female' },
] as const;

/** Two columns on wider screens, one on phones. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>{children}</Box>;
}

/** Spans both columns of a FieldGrid. */
export function Wide({ children }: { children: ReactNode }) {
  return <Box sx={{ gridColumn: '1 / -1' }}>{children}</Box>;
}

export function PersianNameFields() {
  return (
    <>
      <PersianTextField name="name" labelId="users.fields.name" required />
      <PersianTextField name="family" labelId="users.fields.family" required />
    </>
  );
}

export function EnglishNameFields() {
  return (
    <>
      <EnglishTextField name="eName" labelId="users.fields.eName" />
      <EnglishTextField name="eFamily" labelId="users.fields.eFamily" />
    </>
  );
}

export function EmailField() {
  return <EnglishTextField name="email" labelId="users.fields.email" type="email" autoComplete="off" ltr required />;
}

/** Mobile, website, sex, birthdate, address and about. */
export function OptionalProfileFields() {
  return (
    <>
      <EnglishTextField name="mobile" labelId="users.fields.mobile" type="tel" ltr />
      <EnglishTextField name="website" labelId="users.fields.website" ltr />
      <SelectField name="sex" labelId="users.fields.sex" options={SEX_OPTIONS} />
      <DateField name="birthdate" labelId="users.fields.birthdate" disableFuture />
      <Wide>
        <TextInput name="address" labelId="users.fields.address" charset="any" />
      </Wide>
      <Wide>
        <TextInput name="about" labelId="users.fields.about" charset="any" multiline minRows={2} />
      </Wide>
    </>
  );
}
