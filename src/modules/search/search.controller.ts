import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { ApiProblems } from '../../common/http/api-problems';
import { ApiPageResponse, CountedPage, CountedPageMeta } from '../../common/pagination/pagination';
import { SearchHitDto, SearchQuery } from './dto/search.dto';
import { SearchService } from './search.service';

@ApiTags('Search')
@ApiBearerAuth()
@ApiProblems(401)
@Controller('search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get()
  @ApiOperation({
    summary: 'Find notes, list items, places and transactions',
    description:
      "One search over the modules the group has on, under the lists' visibility (a private note only for its creator; places in " +
      'the trash only with `types=Place&deleted=true`). Words in any order, any case, with or without accents, German and English ' +
      'word stems, parts of words from three letters, one typo in words of five letters or more; an amount ("42.50", "42,50") finds ' +
      'transactions of that amount. Best match first (a title above the text, a whole word above a prefix above a typo), newer first ' +
      'at equal score. Typos are looked for in titles, and only when the words as typed find less than the page. Each kind ranks its newest ' +
      'max(100, page × pageSize) matches (at most 1 000); with more, `totalItemsExact` is false. docs/search.md.',
  })
  @ApiPageResponse(SearchHitDto, CountedPageMeta)
  @ApiProblems(400)
  find(@CurrentUser() user: AuthUser, @Query() query: SearchQuery): Promise<CountedPage<SearchHitDto>> {
    return this.search.search(user, query);
  }
}
