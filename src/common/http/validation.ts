import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

/** One validation pipe for the whole API: unknown fields are dropped, the first failure names its field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    exceptionFactory: (errors) => new BadRequestException(firstMessage(errors)),
  });
}

function firstMessage(errors: ValidationError[], path = ''): string {
  for (const error of errors) {
    const field = path ? `${path}.${error.property}` : error.property;
    const constraint = error.constraints && Object.values(error.constraints)[0];
    if (constraint) return constraint.replace(error.property, field);
    if (error.children?.length) return firstMessage(error.children, field);
  }
  return 'Invalid request';
}
