/* Prints the kernel family OpenBLAS chose for this CPU (openblas_get_corename), for Tools/blas/env. */
#include <stdio.h>
char *openblas_get_corename(void);
int main(void) { printf("%s\n", openblas_get_corename()); return 0; }
