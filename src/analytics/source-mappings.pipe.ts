import { BadRequestException, Injectable, PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { SourceMappingDto, SourceMappingInputDto } from './source.dto';

export const MAX_SOURCE_MAPPINGS = 500;

/**
 * Reads the body of a mappings replacement: the array itself, or `{ data: [...] }` as GET answers it,
 * so a client can send back what it read. Errors name the entry (`mappings[2].raw must be …`).
 */
@Injectable()
export class SourceMappingsPipe implements PipeTransform<unknown, SourceMappingDto[]> {
  transform(body: unknown): SourceMappingDto[] {
    const entries = Array.isArray(body) ? body : isObject(body) && Array.isArray(body.data) ? body.data : null;
    if (!entries) throw new BadRequestException('mappings must be an array of { raw, source_value, campaign_name }');
    if (entries.length > MAX_SOURCE_MAPPINGS) {
      throw new BadRequestException(`mappings must have at most ${MAX_SOURCE_MAPPINGS} entries`);
    }
    const seen = new Set<string>();
    return entries.map((entry: unknown, index) => {
      const mapping = validEntry(entry, `mappings[${index}]`);
      if (seen.has(mapping.raw))
        throw new BadRequestException(`mappings[${index}].raw must be unique, "${mapping.raw}" repeats`);
      seen.add(mapping.raw);
      return mapping;
    });
  }
}

function validEntry(entry: unknown, path: string): SourceMappingDto {
  if (!isObject(entry)) throw new BadRequestException(`${path} must be an object`);
  const input = plainToInstance(SourceMappingInputDto, entry);
  const [error] = validateSync(input);
  const message = error?.constraints && Object.values(error.constraints)[0];
  if (message) throw new BadRequestException(`${path}.${message}`);
  // An empty campaign means "none", like an absent one.
  return { raw: input.raw, source_value: input.source_value, campaign_name: input.campaign_name || null };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
