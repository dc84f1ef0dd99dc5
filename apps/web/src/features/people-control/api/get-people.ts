import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PEOPLE_CONTROL_PATHS, type PeopleList, type PersonDetail } from '@app/shared/schemas/people-control';
import { api } from '../../../lib/api-client';

export interface PeopleFilter {
  q: string;
  page: number;
  pageSize: number;
}

export const getPeopleQueryOptions = ({ q, page, pageSize }: PeopleFilter) =>
  queryOptions({
    queryKey: ['control', 'people', q, page, pageSize],
    queryFn: () =>
      api<PeopleList>(PEOPLE_CONTROL_PATHS.people, { query: { q, offset: page * pageSize, limit: pageSize } }),
  });

/** GET /control/people: one page of the search; the previous page stays while the next loads. */
export const usePeople = (filter: PeopleFilter) =>
  useQuery({ ...getPeopleQueryOptions(filter), placeholderData: keepPreviousData });

export const getPersonQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['control', 'person', id],
    queryFn: () => api<PersonDetail>(PEOPLE_CONTROL_PATHS.person(id)),
  });

/** GET /control/people/{id}: the person's page. */
export const usePerson = (id: number) => useQuery(getPersonQueryOptions(id));
