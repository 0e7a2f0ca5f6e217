import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { PageQueryDto } from '../common/http/page-query.dto';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { clickDays } from './click-days';
import { CreateLinkDto, LinkClicksQueryDto, LinkClicksTimelineDto, LinkDto, LinkPageDto } from './link.dto';
import { LinksService } from './links.service';

/** The cabinet's tracked links: the open API's routes under the session (writes for owners and administrators). */
@ApiTags('links')
@Controller('api/bots/:id/links')
@SessionAuth()
@ApiErrors(404)
export class LinksController {
  constructor(private readonly links: LinksService) {}

  @Post()
  @ApiOperation({ summary: 'Create a tracked link: `short_url` redirects to `url` and counts the clicks' })
  @ApiCreatedResponse({ type: LinkDto })
  @ApiErrors(400)
  create(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: CreateLinkDto,
  ): Promise<LinkDto> {
    return this.links.create(principal, id, body);
  }

  @Get()
  @ApiOperation({ summary: "The bot's tracked links with their clicks, newest first" })
  @ApiOkResponse({ type: LinkPageDto })
  @ApiErrors(400)
  page(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: PageQueryDto,
  ): Promise<LinkPageDto> {
    return this.links.page(principal, id, query.limit, query.offset);
  }

  @Get(':linkId')
  @ApiOperation({ summary: 'One tracked link with its clicks' })
  @ApiOkResponse({ type: LinkDto })
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('linkId') linkId: string,
  ): Promise<LinkDto> {
    return this.links.get(principal, id, linkId);
  }

  @Delete(':linkId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a tracked link: its short URL answers 404 from now on' })
  @ApiNoContentResponse()
  async remove(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('linkId') linkId: string,
  ): Promise<void> {
    await this.links.remove(principal, id, linkId);
  }

  @Get(':linkId/clicks')
  @ApiOperation({ summary: "A tracked link's clicks and unique visitors per UTC day" })
  @ApiOkResponse({ type: LinkClicksTimelineDto })
  @ApiErrors(400)
  timeline(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('linkId') linkId: string,
    @Query() query: LinkClicksQueryDto,
  ): Promise<LinkClicksTimelineDto> {
    return this.links.timeline(principal, id, linkId, clickDays(query.from, query.to));
  }
}
