// Response shapes of the server, country, profile and operator calls (docs/product.md §3).
// The server, country and profile shapes are the contract's DTOs, the ones the API answers with.
import type { CountryDto, OperatorNames, ProfileDto, ServerDto } from '@/contract';

export type { RevealedProfile } from '@/contract';

export type Server = ServerDto;
export type Country = CountryDto;
export type Profile = ProfileDto;

export interface AppRef {
  id: number;
  name: string;
}

export type OperatorSettings = OperatorNames;

export type { CsvRowError } from '@/contract';
